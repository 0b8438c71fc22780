// Runs before the first paint (a blocking classic script, allowed by the CSP as a same-origin file):
// the chosen theme and accent apply before anything is drawn, so nothing flashes or shifts.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    var accent = localStorage.getItem('accent');
    if (accent && /^#[0-9a-fA-F]{6}$/.test(accent)) root.style.setProperty('--accent', accent);
  } catch (error) {
    // storage refused (private mode): the system theme applies
  }
})();
