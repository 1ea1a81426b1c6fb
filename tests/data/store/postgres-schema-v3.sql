-- A PostgreSQL run database at schema version 3, as the hand-written migrations of clonebench
-- before the schema description (src/store/pg_schema.cpp at commit aa39f30, versions 1 to 3)
-- created it, with one experiment and two runs. Never regenerated: it stands for central
-- databases that exist. Read by tests/postgres/pg_store_test.cpp.
CREATE TABLE clonebench_schema (version BIGINT PRIMARY KEY);
CREATE TABLE environment (
  id BIGSERIAL PRIMARY KEY,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX environment_json ON environment (md5(json));
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

ALTER TABLE run ADD COLUMN intervals_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE experiment ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
CREATE TABLE profile (
  run_id BIGINT PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  json TEXT NOT NULL
);

ALTER TABLE run ADD COLUMN stress_ng_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE run ADD COLUMN supervisor_reaped BIGINT NOT NULL DEFAULT 0;
INSERT INTO clonebench_schema (version) VALUES (1), (2), (3);
INSERT INTO environment (json) VALUES ('{"kernel_release":"6.1.0-old"}');
INSERT INTO experiment (tag, kind, created_at, summary_json, status)
  VALUES ('ab-2026-10-01T00:00:00Z-0001', 'ab', '2026-10-01T00:00:00Z', '{}', 'interrupted');
INSERT INTO run (label, started_at, experiment, tool_version, environment_id, stressor,
  instances, options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, max_rss_kb,
  failures_json, parent_json, intervals_json, stress_ng_json, supervisor_reaped)
  VALUES ('old-a', '2026-10-01T00:00:01Z', 'ab-2026-10-01T00:00:00Z-0001', '0.2.0', 1, 'fork',
  2, '{}', 5000, 2.5, 0.5, 1.25, 4096, '{"EAGAIN":3}', '{}', '{}', '{}', 7);
INSERT INTO run (label, started_at, tool_version, environment_id, stressor, instances,
  options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, max_rss_kb, failures_json,
  parent_json)
  VALUES ('old-b', '2026-10-01T00:00:09Z', '0.2.0', 1, 'vfork', 1, '{}', 800, 1.0, 0.125,
  0.25, 1024, '{}', '{}');
INSERT INTO latency (run_id, phase, count, sum_ns, min_ns, max_ns, buckets)
  VALUES (1, 'create', 0, 0, 0, 0, '');
