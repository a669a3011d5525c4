# carmine-check: status-only
self = 1
