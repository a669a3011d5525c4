# carmine-check: status-only
x = ?
