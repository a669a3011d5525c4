# Converters: primitive_convert results, errinfo, replacement and constants.
ec = Encoding::Converter.new("utf-8", "iso-2022-jp"); f = ec.finish; p f == ""
ec = Encoding::Converter.new("utf-8", "iso-8859-1"); s="\xf1abcd"; d=+""; p ec.primitive_convert(s, d), s, d, ec.primitive_errinfo; p ec.primitive_convert(s,d), s, d
ec = Encoding::Converter.new("utf-8", "iso-8859-1"); s="a\u9876b"; d=+"x"; p ec.primitive_convert(s, d), s, d, ec.primitive_errinfo, d.encoding, ec.last_error
p Encoding::Converter::UNDEF_REPLACE
ec = Encoding::Converter.new("utf-8", "us-ascii", undef: :replace, replace: "*"); p ec.replacement, ec.convert("a€")
ec.replacement = "!"; p ec.convert("a€")
p Encoding::Converter.new("utf-8", "us-ascii").replacement.encoding
begin; Encoding::Converter.new("utf-8", "utf-8"); rescue => e; p e; end
ec = Encoding::Converter.new("euc-jp", "iso-8859-1")
p ec.primitive_convert(+"\xa4", +"", nil, nil, partial_input: true), ec.primitive_errinfo
ec = Encoding::Converter.new("euc-jp", "iso-8859-1")
p ec.primitive_convert(+"\xa4", +""), ec.primitive_errinfo, ec.last_error
p "".force_encoding("UTF-16LE") == "", "a".force_encoding("UTF-16LE") == "a"
