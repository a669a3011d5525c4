# carmine-check: status-only
begin
  1
else
  2
end
