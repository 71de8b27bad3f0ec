-- ShedLock's table: which instance runs a scheduled job, until when. A job started on one instance
-- holds its row at least payhook.scheduling.clock-skew, so the same tick firing on another instance
-- (its clock a little behind) finds it taken and skips; lock_until also frees it when the holder dies.
CREATE TABLE shedlock (
    name       VARCHAR(64)  PRIMARY KEY,
    lock_until TIMESTAMPTZ  NOT NULL,
    locked_at  TIMESTAMPTZ  NOT NULL,
    locked_by  VARCHAR(255) NOT NULL
);
