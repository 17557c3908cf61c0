-- One login's allowances as two token buckets, one hash each, spent or refunded together in one
-- atomic step (no compare-and-swap retries: 200 parallel guesses are 200 queued script runs, each
-- seeing the one before it). KEYS[1]: the bucket of one user at one address; KEYS[2]: the bucket
-- of that user from every address (both in the user's hash tag, so one Redis Cluster slot);
-- ARGV[1], ARGV[2]: their capacities (max-failures, max-failures-per-user); ARGV[3]: the window
-- in ms, in which an empty bucket refills completely; ARGV[4]: 'spend' or 'refund'. A spend takes
-- one attempt from both buckets or, when either is empty, nothing. Answers 0 when the attempt may
-- go on (or was refunded), else the milliseconds until both buckets hold an attempt again.
-- Redis' own clock, so that every replica shares one time.
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = tonumber(ARGV[3])
local tokens = {}
local at = {}
for i = 1, 2 do
	local capacity = tonumber(ARGV[i])
	local state = redis.call('HMGET', KEYS[i], 'tokens', 'at')
	local t = tonumber(state[1])
	local a = tonumber(state[2])
	if t == nil or a == nil then
		t = capacity
		a = now
	end
	if now > a then
		t = math.min(capacity, t + (now - a) * capacity / window)
	end
	tokens[i] = t
	at[i] = math.max(now, a)
end
local answer = 0
if ARGV[4] == 'spend' then
	for i = 1, 2 do
		if tokens[i] < 1 then
			local capacity = tonumber(ARGV[i])
			answer = math.max(answer, math.max(1, math.ceil((1 - tokens[i]) * window / capacity)))
		end
	end
	if answer == 0 then
		tokens[1] = tokens[1] - 1
		tokens[2] = tokens[2] - 1
	end
else
	for i = 1, 2 do
		tokens[i] = math.min(tonumber(ARGV[i]), tokens[i] + 1)
	end
end
for i = 1, 2 do
	redis.call('HSET', KEYS[i], 'tokens', tostring(tokens[i]), 'at', tostring(at[i]))
	-- a full bucket is the same as none: the key goes once it would have refilled
	redis.call('PEXPIRE', KEYS[i], window)
end
return answer
