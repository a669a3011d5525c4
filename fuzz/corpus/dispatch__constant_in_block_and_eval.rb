# Constant references in blocks and class_eval strings follow cref and invalidation
module Cfg
  MODE = :dev
  def self.modes = 3.times.map { MODE }
  def self.via_eval = class_eval("MODE")
end
5.times { Cfg.modes }
p Cfg.modes.uniq, Cfg.via_eval
Cfg.send(:remove_const, :MODE)
Cfg.const_set(:MODE, :prod)
p Cfg.modes.uniq, Cfg.via_eval
Cfg.send(:remove_const, :MODE)
begin
  Cfg.modes
rescue NameError => e
  puts e.message.lines.first.chomp
end
MODE = :toplevel
p Cfg.modes.uniq
