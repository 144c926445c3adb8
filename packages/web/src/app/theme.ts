/**
 * The console's Material UI theme: §9 breakpoints, the brand colour of the white-label (or the product's),
 * and component defaults. The primary colour is darkened when needed so that it reaches WCAG AA contrast
 * (4.5:1) both as text on white and behind white text: a white-label colour never makes the console unreadable.
 */
import { BREAKPOINTS } from '@beacon/domain/dictionary/constants';
import { createTheme, darken, getContrastRatio, type Theme } from '@mui/material/styles';

const AA_CONTRAST = 4.5;
const FALLBACK_PRIMARY = '#1f5eff';
const COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$|^rgba?\(|^hsla?\(/i;

/** The brand colour, darkened in small steps until white text on it (and it on white) is readable. */
export const accessiblePrimary = (color: string | null | undefined): string => {
  let candidate = color && COLOR_PATTERN.test(color.trim()) ? color.trim() : FALLBACK_PRIMARY;
  for (let step = 0; step < 20 && getContrastRatio(candidate, '#fff') < AA_CONTRAST; step += 1) {
    candidate = darken(candidate, 0.08);
  }
  return candidate;
};

const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

export const createAppTheme = (brandColor: string | null | undefined): Theme =>
  createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode: 'light',
      primary: { main: accessiblePrimary(brandColor) },
      background: { default: '#f5f7fb', paper: '#ffffff' },
      text: { primary: '#14213d', secondary: '#4a5568' },
      divider: '#e2e8f0',
      // Darker than MUI's orange, so that warning text and outlines reach AA contrast on white.
      warning: { main: '#b45309' },
      contrastThreshold: AA_CONTRAST,
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
      h3: { fontSize: '1.05rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e8f0' } } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
    },
  });
