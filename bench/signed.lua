-- wrk script: POSTs pre-signed Stripe events written by `LoadGen --emit FILE`; thread k of T sends
-- the lines k, k+T, ..., so each request is a distinct event until a thread has used up its share.
-- wrk -t2 -c64 -d20s --latency -s bench/signed.lua URL -- FILE 2
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

function init(args)
  local threads = tonumber(args[2])
  requests = {}
  local n = 0
  for line in io.lines(args[1]) do
    if n % threads == id then
      local signature, body = line:match("^([^\t]+)\t(.*)$")
      requests[#requests + 1] = wrk.format("POST", nil,
        { ["Content-Type"] = "application/json", ["Stripe-Signature"] = signature }, body)
    end
    n = n + 1
  end
  index = 0
end

function request()
  index = index % #requests + 1
  return requests[index]
end
