-- wrk script: GET /api/listings with each search of bench/search/queries.txt in turn.
-- VARIED=1 adds a different price ceiling to every request (to one that has a ceiling,
-- a price floor below every bike; to one with both, a kilometre ceiling above every
-- bike), so that no two requests in a second are the same search and none is answered
-- from the server's page cache.
local searches = {}
for line in io.lines(os.getenv("QUERIES") or "bench/search/queries.txt") do
  if line ~= "" and line:sub(1, 1) ~= "#" then
    searches[#searches + 1] = line
  end
end
local varied = os.getenv("VARIED") == "1"
local n = 0

function setup(thread)
  thread:set("offset", math.random(#searches))
end

request = function()
  n = n + 1
  local query = searches[(n + (offset or 0)) % #searches + 1]
  if varied then
    if not query:find("priceMax") then
      query = query .. "&priceMax=" .. tostring(400000 + (n * 7919) % 400000)
    elseif not query:find("priceMin") then
      query = query .. "&priceMin=" .. tostring(1000 + (n * 7919) % 20000)
    else
      query = query .. "&kmMax=" .. tostring(900000 + (n * 7919) % 90000)
    end
  end
  -- A buyer base, not one client: each request comes from its own address (the
  -- server trusts this header, as behind a proxy), so the per-address limit on fresh
  -- searches meters people, not the benchmark.
  local client = "198.18." .. tostring(n % 256) .. "." .. tostring(math.floor(n / 256) % 256)
  return wrk.format("GET", "/api/listings?" .. query, { ["X-Forwarded-For"] = client })
end
