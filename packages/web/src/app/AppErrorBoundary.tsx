import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

type State = { readonly error: unknown; readonly hasError: boolean };

/** Catches render errors outside the router (providers, theme); the router's own errors use its error element. */
export class AppErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[error boundary]', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
