-- version 1
CREATE TABLE environment (
  id INTEGER PRIMARY KEY,
  json TEXT NOT NULL UNIQUE
);
CREATE TABLE experiment (
  tag TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  summary_json TEXT NOT NULL
);
CREATE TABLE run (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  label TEXT NOT NULL,
  started_at TEXT NOT NULL,
  experiment TEXT REFERENCES experiment(tag),
  tool_version TEXT NOT NULL,
  environment_id INTEGER NOT NULL REFERENCES environment(id),
  stressor TEXT NOT NULL,
  instances INTEGER NOT NULL,
  options_json TEXT NOT NULL,
  bogo_ops INTEGER NOT NULL,
  real_time_s REAL NOT NULL,
  usr_time_s REAL NOT NULL,
  sys_time_s REAL NOT NULL,
  max_rss_kb INTEGER NOT NULL,
  failures_json TEXT NOT NULL,
  parent_json TEXT NOT NULL
);
CREATE INDEX run_label ON run(label);
CREATE INDEX run_experiment ON run(experiment);
CREATE TABLE latency (
  run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('create', 'start', 'reap')),
  count INTEGER NOT NULL,
  sum_ns INTEGER NOT NULL,
  min_ns INTEGER NOT NULL,
  max_ns INTEGER NOT NULL,
  buckets TEXT NOT NULL,
  PRIMARY KEY (run_id, phase)
) WITHOUT ROWID;
-- version 2
ALTER TABLE run ADD COLUMN intervals_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE experiment ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
CREATE TABLE profile (
  run_id INTEGER PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  json TEXT NOT NULL
);
-- version 3
ALTER TABLE run ADD COLUMN stress_ng_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE run ADD COLUMN supervisor_reaped INTEGER NOT NULL DEFAULT 0;
-- version 4
ALTER TABLE run ADD COLUMN uid TEXT;
UPDATE run SET uid = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX run_uid ON run(uid);
ALTER TABLE run ADD COLUMN hostname TEXT NOT NULL DEFAULT '';
ALTER TABLE run ADD COLUMN machine_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX run_hostname ON run(hostname);
-- version 5
ALTER TABLE experiment ADD COLUMN owner TEXT NOT NULL DEFAULT '';
