// MUI's theme is extended by declaration merging, which only interfaces support (STYLE.md prefers `type`).
import '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}
