# Bad input of every kind: exit 2 (or 3 for resource limits) and a message
# naming the problem.  Every line: expected exit, a word the message must
# contain, then the arguments.
. "$(dirname "$0")/lib.sh"
# rulesets
expect 2 "empty ruleset"        -- table ""
expect 2 "unknown game 'queen'" -- table queen
expect 2 "unknown game 'Wythoff'" -- table Wythoff
expect 2 "no game"              -- table +pass
expect 2 "empty option"         -- table wythoff++pass
expect 2 "empty option"         -- table wythoff+
expect 2 "unknown option 'passs'" -- table wythoff+passs
expect 2 "unknown option 'max 5'" -- table "wythoff+max 5"
expect 2 "given twice"          -- table wythoff+pass+pass=2
expect 2 "given twice"          -- table wythoff+misere+misere
expect 2 "needs a value"        -- table wythoff+max
expect 2 "needs a value"        -- table wythoff+heap
expect 2 "needs a value"        -- table wythoff+mod
expect 2 "needs a value"        -- table wythoff+terminal
expect 2 "takes no value"       -- table wythoff+misere=1
expect 2 "bad number in 'max=x'" -- table wythoff+max=x
expect 2 "bad number in 'max=-1'" -- table wythoff+max=-1
expect 2 "bad number in 'heap=1.5'" -- table wythoff+heap=1.5
expect 2 "bad number in 'pass=99999999999'" -- table wythoff+pass=99999999999
expect 2 "bad number in 'max='" -- table wythoff+max=
expect 2 "meaningless 'max=0'"  -- table wythoff+max=0
expect 2 "meaningless 'mod=0'"  -- table wythoff+mod=0
expect 2 "meaningless 'heap=0'" -- table wythoff+heap=0
expect 2 "meaningless 'pass=0'" -- table wythoff+pass=0
expect 2 "meaningless 'mod=3' with game nim" -- table nim+mod=3
# numbers and sizes
expect 2 "bad --size"           -- table wythoff --size abc
expect 2 "bad --size"           -- table wythoff --size -5
expect 2 "bad --size"           -- table wythoff --size 1.5
expect 2 "bad --size"           -- table wythoff --size 1e
expect 2 "bad --size"           -- table wythoff --size ^3
expect 2 "too large"            -- table wythoff --size 99999999999999999999999
expect 2 "too large"            -- table wythoff --size 2^64
expect 2 "empty window"         -- table wythoff --size 0
expect 2 "empty window"         -- table wythoff --rows 0 --cols 5
expect 2 "either --size or --rows" -- table wythoff --size 4 --rows 3
expect 2 "bad --rows"           -- table wythoff --rows 3x --cols 4
expect 2 "bad X"                -- value wythoff 1x 2
expect 2 "bad Y"                -- value wythoff 1 -2
expect 2 "bad Y"                -- value wythoff 1 ""
expect 2 "bad --value"          -- ppos wythoff --value -1
expect 2 "bad --pass"           -- table wythoff+pass --pass one
expect 2 "bad --heap"           -- table wythoff+heap=2 --heap 0x1
expect 2 "--threads"            -- table wythoff --threads 0
expect 2 "bad memory limit"     -- table wythoff --mem-limit 12Q
# well-formed numbers out of their range: exit 2, naming the option and its range
expect 2 "--size 0 out of range (1 to 2^63)" -- table wythoff --size 0
expect 2 "--rows 0 out of range (1 to 2^63)" -- table wythoff --rows 0
expect 2 "--cols 0e5 out of range (1 to 2^63)" -- plot wythoff --rows 3 --cols 0e5 --output - --format svg
expect 2 "--size '2^64' is too large (at most 2^63)" -- ppos wythoff --size 2^64
expect 2 "--threads 257 out of range (1 to 256)" -- table wythoff --threads 257
expect 2 "--threads 2^64 out of range (1 to 256)" -- table wythoff --threads 2^64
expect 2 "--rows 4097 out of range (1 to 4096)" -- period wythoff --rows 4097
expect 2 "--max-cols out of range (64 to 4294967295)" -- period wythoff --max-cols 2^32
expect 2 "--cell 129 out of range (1 to 128)" -- plot wythoff --cell 129 --output - --format svg
expect 2 "--limit must be at least 2" -- check 000.fig3 --limit 1e0
expect 2 "--max-edges must be at least 1" -- graph wythoff --max-edges 0e9
expect 2 "--value '2^32' is too large (at most 4294967295)" -- ppos wythoff --value 2^32
expect 2 "--pass 1e40 is more than the ruleset's 1 pass" -- value wythoff+pass 3 5 --pass 1e40
expect 2 "--heap 2^40 is more than the ruleset's heap=3" -- table wythoff+heap=3 --heap 2^40
expect 2 "memory limit '2^64' is too large (at most 2^64 - 1 bytes)" -- table wythoff --mem-limit 2^64
expect 2 "--mem-limit must be positive" -- table wythoff --mem-limit 0K
# numbers inside a ruleset are decimal digits (docs/rules.md): the rules
# language is not the command line's number grammar
expect 2 "bad number in 'max=1e3'" -- table wythoff+max=1e3
# side state flags
expect 2 "has no pass"          -- table wythoff --pass 0
expect 2 "has no extra heap"    -- value wythoff 1 2 --heap 1
expect 2 "more than the ruleset's 1 pass" -- table wythoff+pass --pass 2
expect 2 "more than the ruleset's heap=1" -- moves wythoff+heap=1 1 1 --heap 2
# options and commands
expect 2 "unknown command 'tabel'" -- tabel wythoff
expect 2 "unknown option '--sise'" -- table wythoff --sise 4
expect 2 "unknown option '-s'"     -- table wythoff -s 4
expect 2 "does not apply to 'value'" -- value wythoff 1 2 --size 4
expect 2 "does not apply to 'table'" -- table wythoff --count
expect 2 "given twice"          -- table wythoff --size 4 --size 5
expect 2 "needs a value"        -- table wythoff --size
expect 2 "takes no value"       -- ppos wythoff --count=1
expect 2 "unknown format 'xml'" -- table wythoff --format xml
expect 2 "unknown format 'csv'" -- value wythoff 1 2 --format csv
expect 2 "missing ruleset"      -- table
expect 2 "too many arguments"   -- table wythoff 1 2 3 4
expect 2 "table takes one ruleset" -- table wythoff 5
expect 2 "value needs"          -- value wythoff 5
expect 2 "moves needs"          -- moves wythoff
expect 2 "missing ruleset"      -- play
expect 2 "unknown command 'plays'" -- plays wythoff
expect 2 "cannot write"         -- table wythoff --size 4 --output no-such-dir/x.csv
# "did you mean": a slip of at most 2 edits (insertion, deletion, change, swap
# of neighbours) and fewer than half the name is named, when one name is
# nearest; still exit 2
expect 2 "unknown command 'tabel': did you mean 'table'?" -- tabel wythoff
expect 2 "did you mean 'table'?" -- help tabel
expect 2 "unknown option '--sise': did you mean '--size'?" -- table wythoff --sise 4
expect 2 "did you mean '--count'?" -- ppos wythoff --cuont
expect 2 "did you mean '--size'?" -- table wythoff --sise=4
expect 2 "unknown format 'jsn': did you mean 'json'?" -- table wythoff --format jsn
expect 2 "unknown game 'wythof' in ruleset 'wythof+pass': did you mean 'wythoff'?" -- table wythof+pass
expect 2 "unknown option 'pas' in ruleset 'nim+pas': did you mean 'pass'?" -- value nim+pas 1 2
expect 2 "did you mean 'pass=2'?" -- table wythoff+pas=2
expect 2 "did you mean 'misere'?" -- table wythoff+miser
# no suggestion for a word near no name, or equally near two (max, mod)
nosuggest() {
  local err rc
  err=$("$W" "$@" 2>&1 >/dev/null </dev/null); rc=$?
  [ "$rc" -eq 2 ] && grep -q "^wythoff: unknown" <<<"$err" && ! grep -q "did you mean" <<<"$err" &&
    pass "wythoff $*: exit 2, no suggestion" || fail "wythoff $*: exit $rc, '$err'"
}
nosuggest frobnicate wythoff
nosuggest table wythoff --frobnicate 4
nosuggest table frobnicate
nosuggest table wythoff+frobnicate
nosuggest table wythoff+mad=2
nosuggest table wythoff --format xml
# stdin positions
out=$(printf '1 2\nfoo 3\n' | "$W" value wythoff - 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] && grep -q "line 2" <<<"$out" && pass "value - with a bad line 2 -> exit 2 naming line 2" || fail "value - bad line: rc=$rc '$out'"
out=$(printf '1 2 3\n' | "$W" value wythoff - 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] && grep -q "line 1" <<<"$out" && pass "value - with three numbers -> exit 2" || fail "value - three numbers: rc=$rc '$out'"
# resource limits: refused before allocating, with the estimate
expect 3 "needs about"          -- table wythoff --size 1e6
expect 3 "limit of 1 MiB"       -- table wythoff --size 1000 --mem-limit 1M
expect 3 "beyond the table engine" -- table wythoff --rows 1e10 --cols 2
# positions no method decides: exit 6 (undecided), naming what would
# decide it; a method that applies but needs more memory than the limit:
# exit 3 with the estimate (docs/exact.md#refusals, docs/exit-codes.md)
# (wythoff+pass and wythoff+heap=1 are decided at every size since the
# value-1 automaton: docs/automata.md; their misere and heap=2 relatives are not)
expect 6 "no closed form is known for this ruleset" -- value wythoff+pass+misere 1000000000000000000000 1618033988749894848206
expect 6 "beyond the engine's 2^40" -- value wythoff+pass+misere 1000000000000000000000 1618033988749894848206
expect 6 "not decided by any exact method" -- moves wythoff+heap=2 1000000000000000000000 1618033988749894848206
expect 3 "layer engine needs rows 0..100000000" -- value wythoff+heap=2 100000000 161803398 --mem-limit 1M
expect 3 "more than the limit of 1 MiB" -- value wythoff+heap=2 100000000 161803398 --mem-limit 1M
expect 6 "no closed form"       -- value wythoff+heap=2+pass 123456789012345678901234567890 123456789012345678901234567891
expect 6 "decides this position" -- moves wythoff+mod=3+max=5 123456789012345678901234567890 123456789012345678901234567891
expect 3 "needs about"          -- table wythoff+pass=1000+heap=1000 --size 1000
finish
