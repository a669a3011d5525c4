# Global variables, constants at top level, constant reassignment warning avoided
$counter = 0
def bump = $counter += 1
3.times { bump }
p $counter
LIMIT = 10
def limit = LIMIT
p limit
p Object.const_get(:LIMIT)
p defined?(LIMIT)
p Object.const_defined?(:LIMIT)
NAMES = %w[a b].freeze
p NAMES.frozen?
module Config
  DEFAULTS = {depth: 2}
  def self.depth = DEFAULTS[:depth]
end
p Config.depth
p Config::DEFAULTS
p Config.constants
p $undefined_global
p global_variables.include?(:$counter)
