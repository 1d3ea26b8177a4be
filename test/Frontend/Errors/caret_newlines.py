# Old Mac (bare CR) and Windows (CR LF) line ends: the lexer counts lines
# the same way for each (through a multi-line string, a backslash
# continuation and an open bracket), and the diagnostic still echoes the
# source line with its caret.
#
# RUN: %python %S/Inputs/gen_limits.py newlines cr %S/Inputs/newlines_kernel.py > %t.cr.py
# RUN: not tilec %t.cr.py -k k -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
# RUN: %python %S/Inputs/gen_limits.py newlines crlf %S/Inputs/newlines_kernel.py > %t.crlf.py
# RUN: not tilec %t.crlf.py -k k -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
# RUN: not tilec %S/Inputs/newlines_kernel.py -k k -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --strict-whitespace --match-full-lines

# CHECK:{{.*}}.py:12:10: error: name 'undefined_name' is not defined
# CHECK-NEXT:         undefined_name)
# CHECK-NEXT:         ^
# CHECK-NOT:{{.}}
