# carmine-check: status-only
x = /abc
