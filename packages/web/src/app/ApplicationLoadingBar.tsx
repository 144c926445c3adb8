import LinearProgress from '@mui/material/LinearProgress';
import { useApplicationLoading } from './session/use-dictionary';

const BAR_SX = { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 3 } as const;

/** The application loading flag of §4 as a thin bar along the top of the window. */
export const ApplicationLoadingBar = () => {
  const isLoading = useApplicationLoading();
  return isLoading ? <LinearProgress aria-label="Loading" sx={BAR_SX} /> : null;
};

/** Shown while the first page's code loads. */
export const InitialLoadingBar = () => <LinearProgress aria-label="Loading" sx={BAR_SX} />;
