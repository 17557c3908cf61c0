import './kiosk-app.js';
