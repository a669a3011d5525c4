ary = [false, nil]
r = case
    when *ary then :ng
    when true then :ok
    else :ng2
    end
p r
ary = []
p(case when false, *ary then :ng else :ok end)
p(case when *[1] then :ok1 else :ng end)
p(case when *[nil, 2] then :ok2 else :ng end)
p(case when false, *[nil], true then :ok3 end)
x = 5
p(case when x > 3, *[] then :big else :small end)
def once(expr) = /#{expr}/o
