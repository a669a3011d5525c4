# Nested ensure blocks run inner-to-outer, also through break/next/throw
def log(m) = puts(m)
begin
  begin
    begin
      raise "deep"
    ensure
      log "ensure 1"
    end
  ensure
    log "ensure 2"
  end
rescue => e
  log "rescued #{e.message}"
ensure
  log "ensure 3"
end
[1, 2].each do |i|
  begin
    next if i == 1
    break
  ensure
    log "block ensure #{i}"
  end
end
catch(:out) do
  begin
    throw :out
  ensure
    log "ensure on throw"
  end
end
def m
  yield
ensure
  log "method ensure"
end
m { log "in block" }
x = [1, 2, 3].each do |i|
  m { break i * 100 }
end
p x
