# Reassigning a constant (remove_const first to avoid the warning) updates warm readers
RATE = 5
def site = RATE * 2
5.times { site }
p site
Object.send(:remove_const, :RATE)
RATE = 7
p site
Object.send(:remove_const, :RATE)
Object.const_set(:RATE, 9)
p site
