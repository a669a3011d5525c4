# carmine-check: status-only
* / + ]
