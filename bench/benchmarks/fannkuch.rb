# fannkuch: fannkuch-redux, maximum pancake flips over all permutations.
# Measures: tight Array loops, element swaps, Integer arithmetic.
# bench-size: 9
# bench-quick: 7
n = (ARGV[0] || ENV['BENCH_SIZE'] || 9).to_i

def fannkuch(n)
  perm1 = (0...n).to_a
  perm = Array.new(n, 0)
  count = Array.new(n, 0)
  max_flips = 0
  checksum = 0
  perm_count = 0
  r = n

  while true
    while r != 1
      count[r - 1] = r
      r -= 1
    end

    i = 0
    while i < n
      perm[i] = perm1[i]
      i += 1
    end

    flips = 0
    k = perm[0]
    while k != 0
      i = 0
      j = k
      while i < j
        t = perm[i]
        perm[i] = perm[j]
        perm[j] = t
        i += 1
        j -= 1
      end
      flips += 1
      k = perm[0]
    end

    max_flips = flips if flips > max_flips
    checksum += perm_count.even? ? flips : -flips

    while true
      return [checksum, max_flips] if r == n
      perm0 = perm1[0]
      i = 0
      while i < r
        perm1[i] = perm1[i + 1]
        i += 1
      end
      perm1[r] = perm0
      count[r] -= 1
      break if count[r] > 0
      r += 1
    end
    perm_count += 1
  end
end

checksum, flips = fannkuch(n)
puts checksum
puts "Pfannkuchen(#{n}) = #{flips}"
