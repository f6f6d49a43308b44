-- bench/serve-load.lua - wrk script of bench/serve-load: GET value requests for
-- positions 0 <= x, y < MAX (the script's argument, default 200) drawn by a
-- fixed linear congruential generator (seed per wrk thread), over the
-- papers' games; counts the answers that are not HTTP 200.
local rules = {"wythoff", "wythoff%2Bpass", "wythoff%2Bheap=1", "wythoff%2Bterminal=2%2Bmisere", "wythoff%2Bmax=3",
               "nim%2Bpass", "nim%2Bmax=31%2Bpass", "wythoff%2Bmod=3"}
local api = "/api/" -- the server's JSON endpoints (docs/serve.md)
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("seed", 20261121 + counter)
  table.insert(threads, thread)
end

function init(args)
  state = seed
  maxc = tonumber(args[1] or "200")
  bad = 0
  first_bad = ""
end

local function rnd(n)
  state = (state * 1103515245 + 12345) % 2147483648
  return state % n
end

function request()
  local r = rules[rnd(#rules) + 1]
  local x, y = rnd(maxc), rnd(maxc)
  return wrk.format("GET", api .. "value?rules=" .. r .. "&x=" .. x .. "&y=" .. y)
end

function response(status, headers, body)
  if status ~= 200 then
    bad = bad + 1
    if first_bad == "" then first_bad = status .. " " .. body end
  end
end

function done(summary, latency, requests)
  local nbad, first = 0, ""
  for _, t in ipairs(threads) do
    nbad = nbad + t:get("bad")
    if first == "" then first = t:get("first_bad") end
  end
  local errs = summary.errors
  local sockerr = errs.connect + errs.read + errs.write + errs.timeout
  io.write(string.format("requests %d\nseconds %.3f\nrequests_per_second %.0f\n", summary.requests,
                         summary.duration / 1e6, summary.requests / (summary.duration / 1e6)))
  io.write(string.format("latency_p50_ms %.3f\nlatency_p99_ms %.3f\nlatency_max_ms %.3f\n",
                         latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("not_200 %d\nsocket_errors %d\n", nbad, sockerr))
  if first ~= "" then io.write("first_error " .. first .. "\n") end
end
