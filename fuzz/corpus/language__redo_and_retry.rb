# redo in a loop body and retry in rescue
attempts = 0
redone = false
out = []
[1, 2, 3].each do |x|
  if x == 2 && !redone
    redone = true
    out << :redo
    redo
  end
  out << x
end
p out
def flaky(log)
  tries = 0
  begin
    tries += 1
    log << tries
    raise "fail" if tries < 3
    "ok after #{tries}"
  rescue
    retry
  end
end
log = []
p flaky(log)
p log
