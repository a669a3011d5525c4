begin
  raise "current error"
rescue
  abort
end
