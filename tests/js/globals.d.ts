// What static/js reads of the browser beyond TypeScript's DOM library.
interface Window {
  /** Safari before 14.1 names AudioContext so (shell.js's chime). */
  webkitAudioContext?: typeof AudioContext;
}
