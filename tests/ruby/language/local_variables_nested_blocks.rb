# local_variables / binding from blocks nested in a scope whose locals stay
# on the stack (found by carmine-fuzz: walking the env chain hit a non-env)
def m
  a = 1
  1.then { 1.then { 1.then { p local_variables; p binding.local_variable_get(:a) } } }
end
m
x = 2
1.then { 1.then { 1.then { p local_variables } } }
