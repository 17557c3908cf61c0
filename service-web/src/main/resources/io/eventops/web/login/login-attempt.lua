-- One address's login allowance as a token bucket in one hash, spent or refunded in one atomic
-- step (no compare-and-swap retries: 200 parallel guesses are 200 queued script runs, each
-- seeing the one before it). KEYS[1]: the bucket; ARGV[1]: capacity (max-failures);
-- ARGV[2]: the window in ms, in which an empty bucket refills completely; ARGV[3]: 'spend' or
-- 'refund'. Answers 0 when the attempt may go on (or was refunded), else the milliseconds until
-- one attempt is back. Redis' own clock, so that every replica shares one time.
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local capacity = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
	tokens = capacity
	at = now
end
if now > at then
	tokens = math.min(capacity, tokens + (now - at) * capacity / window)
end
local answer = 0
if ARGV[3] == 'spend' then
	if tokens >= 1 then
		tokens = tokens - 1
	else
		answer = math.max(1, math.ceil((1 - tokens) * window / capacity))
	end
else
	tokens = math.min(capacity, tokens + 1)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(now, at)))
-- a full bucket is the same as none: the key goes once it would have refilled
redis.call('PEXPIRE', KEYS[1], window)
return answer
