// The console's page: one custom element that shows the login or the screens.
import './components/ops-console.js';
