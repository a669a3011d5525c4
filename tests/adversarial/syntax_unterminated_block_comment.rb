# carmine-check: status-only
=begin
never closed
