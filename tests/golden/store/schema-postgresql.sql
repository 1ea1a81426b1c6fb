-- version 1
CREATE TABLE environment (
  id BIGSERIAL PRIMARY KEY,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX environment_json ON environment(md5(json));
CREATE TABLE experiment (
  tag TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  summary_json TEXT NOT NULL
);
CREATE TABLE run (
  id BIGSERIAL PRIMARY KEY,
  label TEXT NOT NULL,
  started_at TEXT NOT NULL,
  experiment TEXT REFERENCES experiment(tag),
  tool_version TEXT NOT NULL,
  environment_id BIGINT NOT NULL REFERENCES environment(id),
  stressor TEXT NOT NULL,
  instances BIGINT NOT NULL,
  options_json TEXT NOT NULL,
  bogo_ops BIGINT NOT NULL,
  real_time_s DOUBLE PRECISION NOT NULL,
  usr_time_s DOUBLE PRECISION NOT NULL,
  sys_time_s DOUBLE PRECISION NOT NULL,
  max_rss_kb BIGINT NOT NULL,
  failures_json TEXT NOT NULL,
  parent_json TEXT NOT NULL
);
CREATE INDEX run_label ON run(label);
CREATE INDEX run_experiment ON run(experiment);
CREATE TABLE latency (
  run_id BIGINT NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('create', 'start', 'reap')),
  count BIGINT NOT NULL,
  sum_ns BIGINT NOT NULL,
  min_ns BIGINT NOT NULL,
  max_ns BIGINT NOT NULL,
  buckets TEXT NOT NULL,
  PRIMARY KEY (run_id, phase)
);
-- version 2
ALTER TABLE run ADD COLUMN intervals_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE experiment ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
CREATE TABLE profile (
  run_id BIGINT PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  json TEXT NOT NULL
);
-- version 3
ALTER TABLE run ADD COLUMN stress_ng_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE run ADD COLUMN supervisor_reaped BIGINT NOT NULL DEFAULT 0;
-- version 4
ALTER TABLE run ADD COLUMN uid TEXT;
UPDATE run SET uid = md5(random()::text || clock_timestamp()::text || id::text);
ALTER TABLE run ALTER COLUMN uid SET NOT NULL;
CREATE UNIQUE INDEX run_uid ON run(uid);
ALTER TABLE run ADD COLUMN hostname TEXT NOT NULL DEFAULT '';
ALTER TABLE run ADD COLUMN machine_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX run_hostname ON run(hostname);
-- version 5
ALTER TABLE experiment ADD COLUMN owner TEXT NOT NULL DEFAULT '';
