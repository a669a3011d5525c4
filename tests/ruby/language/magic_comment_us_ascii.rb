# encoding: us-ascii
p "abc".encoding, "\xff".encoding, "\u3042".encoding, __ENCODING__
p "abc".ascii_only?, ("abc" + "\xff").encoding
