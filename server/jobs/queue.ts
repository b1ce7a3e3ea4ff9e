/**
 * The job queue: pg-boss on the application's own database. Routes enqueue and read a task's
 * status; workers (in the server process, or `npm run worker` processes) run the handlers.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { BossConnection } from './boss-db.ts';
import { PermanentJobError, type JobDefinition } from './job.ts';
import { registeredJobs, type JobMap, type JobMapOf, type JobName } from './registry.ts';
import { jobAttempts } from '../modules/metrics/registry.ts';

/** A task's status as the API reports it. */
export type TaskStatus = 'PENDING' | 'STARTED' | 'SUCCESS' | 'FAILURE';

export interface EnqueueOptions {
  /** Overrides the job's queue policy for this one task. */
  retryLimit?: number;
  retryDelay?: number;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** Workers take higher priorities first (default 0), then older jobs: fair scheduling per user. */
  priority?: number;
  /**
   * At most one job with this key per `singletonSeconds` slot (pg-boss throttling): enqueue
   * returns null for a duplicate. Used by jobs that several processes start on a timer.
   */
  singleton?: { key: string; seconds: number };
}

export interface WorkOptions {
  /** Jobs of this kind this process runs at once. */
  concurrency: number;
  /** How often an idle worker looks for jobs enqueued by other processes (default 2 s, at least 0.5). */
  pollingIntervalSeconds?: number;
}

export type JobHandler<Jobs extends JobMap, N extends JobName<Jobs>> = (
  payload: Jobs[N],
  /** retryCount: retries before this attempt (0 on the first); retryLimit: retries allowed. */
  job: { id: string; name: N; retryCount: number; retryLimit: number },
) => Promise<unknown>;

/** A queue of the jobs in `Jobs` (name → payload; see registry.ts). */
export interface Queue<Jobs extends JobMap = JobMap> {
  /** The jobs this queue registered (the test jobs only under NODE_ENV=test). */
  readonly jobNames: readonly JobName<Jobs>[];
  /** A registered job's definition (its handler, for the workers). */
  definition<N extends JobName<Jobs>>(name: N): JobDefinition<N, Jobs[N]>;
  /** Installs or migrates pg-boss's schema and creates a queue per registered job. */
  start(): Promise<void>;
  /** Stops taking jobs and waits up to timeoutMs for running ones; jobs still running then are failed (and retried later). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Returns the task id. */
  enqueue<N extends JobName<Jobs>>(name: N, payload: Jobs[N], options?: EnqueueOptions): Promise<string>;
  /**
   * Enqueues several jobs of one kind in one statement (no singletons) and returns their task ids
   * in order. All or none: the jobs are one insert.
   */
  enqueueAll<N extends JobName<Jobs>>(
    name: N,
    jobs: { payload: Jobs[N]; options?: Omit<EnqueueOptions, 'singleton'> }[],
  ): Promise<string[]>;
  /** Like enqueue, but null when a singleton job of that key already exists for this time slot. */
  enqueueOnce<N extends JobName<Jobs>>(
    name: N,
    payload: Jobs[N],
    options: EnqueueOptions & { singleton: { key: string; seconds: number } },
  ): Promise<string | null>;
  /** null for an id that is not a task (any more: pg-boss deletes archived jobs after 7 days). */
  status(taskId: string, name?: JobName<Jobs>): Promise<TaskStatus | null>;
  work<N extends JobName<Jobs>>(name: N, handler: JobHandler<Jobs, N>, options: WorkOptions): Promise<void>;
  /** Jobs of this kind waiting to run (created, or failed and waiting for a retry): the metrics' queue depth. */
  depth(name: JobName<Jobs>): Promise<number>;
  /**
   * Enqueues `name` now and then every `everySeconds` while the queue runs. Every process that
   * schedules the same job shares one job per period (a pg-boss singleton keyed by the name), so
   * N worker processes do not run it N times. Errors are logged; the next period tries again.
   */
  schedule<N extends JobName<Jobs>>(name: N, payload: Jobs[N], everySeconds: number): Promise<void>;
}

/** What a reader of queue depths needs (the metrics): any queue, whatever its jobs. */
export interface QueueDepths {
  readonly jobNames: readonly string[];
  depth(name: string): Promise<number>;
}

/** Below main.ts's 10 s forced exit, so the database still closes cleanly. */
export const STOP_TIMEOUT_MS = 8_000;

const STATUS_OF_STATE: Record<PgBoss.JobWithMetadata['state'], TaskStatus> = {
  created: 'PENDING',
  retry: 'PENDING',
  active: 'STARTED',
  completed: 'SUCCESS',
  failed: 'FAILURE',
  cancelled: 'FAILURE',
};

export function taskStatusOf(state: PgBoss.JobWithMetadata['state']): TaskStatus {
  return STATUS_OF_STATE[state];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The queue type of a list of job definitions (plus the test jobs). */
export type QueueOf<Defs extends readonly JobDefinition[]> = Queue<JobMapOf<Defs>>;

/**
 * A queue of `jobs`: the modules' job definitions, which the processes that run them pass in
 * (server/app-jobs.ts), so this folder knows no module's jobs.
 */
export function createQueue<const Defs extends readonly JobDefinition[]>(
  database: Database,
  config: Pick<Config, 'workerConcurrency' | 'nodeEnv'> &
    Partial<Pick<Config, 'jobMaintenanceIntervalSeconds'>>,
  { log, jobs }: { log: FastifyBaseLogger; jobs: Defs },
): QueueOf<Defs> {
  type Jobs = JobMapOf<Defs>;
  // The diagnostic ping is not registered in production: no queue, no worker, no enqueue.
  const jobDefinitions = registeredJobs(jobs, { testJobs: config.nodeEnv === 'test' });
  const jobNames = jobDefinitions.map((d) => d.name) as JobName<Jobs>[];
  const registered = <N extends JobName<Jobs>>(name: N): JobDefinition<N, Jobs[N]> => {
    const definition = jobDefinitions.find((d) => d.name === name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    // The definition listed under this name: its payload schema is the map's payload for it.
    return definition as unknown as JobDefinition<N, Jobs[N]>;
  };
  // Workers' fetches and completions, enqueues from requests, and maintenance.
  const own = database.openQueueConnection({ maxConnections: config.workerConcurrency + 2, log });
  const connection = new BossConnection(own.execute, log);

  const boss = new PgBoss({
    db: connection,
    // No cron jobs yet; scheduling would add a polling worker of its own.
    schedule: false,
    // Maintenance fails jobs whose worker died (after the job's expiry) and archives old ones.
    supervise: true,
    maintenanceIntervalSeconds: config.jobMaintenanceIntervalSeconds ?? 120,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  /** This process's workers of each job, and whether each is running a job now. */
  const workers = new Map<string, { id: string; busy: boolean }[]>();
  /** Where the next wake-up of each job's workers starts looking (turns go round). */
  const nextToWake = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let running = 0;
  let started: Promise<void> | undefined;
  let stopped: Promise<void> | undefined;

  const assertStarted = () => {
    if (!started) throw new Error('The job queue is not started');
    if (stopped) throw new Error('The job queue has stopped');
  };

  async function start() {
    await boss.start();
    for (const definition of jobDefinitions) {
      const options = definition.options ?? {};
      // createQueue keeps an existing queue as it is; updateQueue applies a changed policy.
      await boss.createQueue(definition.name, { name: definition.name, ...options });
      await boss.updateQueue(definition.name, { name: definition.name, ...options });
    }
  }

  async function stop(timeoutMs: number) {
    for (const timer of timers) clearInterval(timer);
    const deadline = Date.now() + timeoutMs;
    await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    // pg-boss resolves once no handler holds a job; its completion writes may still be on the way,
    // and a fetch that was in flight may just have handed a handler a job.
    while ((running > 0 || connection.inFlight > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    connection.close();
    await own.close();
  }

  /** The options pg-boss takes alike for a job sent and a job inserted, as given. */
  function retryAndPriority(
    options: EnqueueOptions,
  ): Pick<PgBoss.SendOptions, 'retryLimit' | 'retryDelay' | 'priority'> {
    const picked: Pick<PgBoss.SendOptions, 'retryLimit' | 'retryDelay' | 'priority'> = {};
    if (options.retryLimit !== undefined) picked.retryLimit = options.retryLimit;
    if (options.retryDelay !== undefined) picked.retryDelay = options.retryDelay;
    if (options.priority !== undefined) picked.priority = options.priority;
    return picked;
  }

  async function send<N extends JobName<Jobs>>(
    name: N,
    payload: Jobs[N],
    options: EnqueueOptions,
  ): Promise<string | null> {
    assertStarted();
    const data = registered(name).payload.parse(payload) as object;
    const sendOptions: PgBoss.SendOptions = retryAndPriority(options);
    if (options.startAfterSeconds !== undefined) sendOptions.startAfter = options.startAfterSeconds;
    if (options.singleton) {
      sendOptions.singletonKey = options.singleton.key;
      sendOptions.singletonSeconds = options.singleton.seconds;
    }
    const id = await boss.send(name, data, sendOptions);
    if (id) wakeOneWorker(name);
    return id;
  }

  /**
   * A job was enqueued: one worker of this process that is not running a job looks for it now
   * instead of at its next poll. One, not all: every woken worker runs a fetch (a statement on the
   * shared database), and all but one of them came back empty (a batch of 8 uploads made 16 fetches
   * for 8 jobs). A busy worker needs no wake-up: it looks for the next job as soon as it is done.
   * Turns go round, so a burst of enqueues wakes each idle worker in turn rather than the same one.
   */
  function wakeOneWorker(name: string) {
    const list = workers.get(name) ?? [];
    const start = nextToWake.get(name) ?? 0;
    for (let i = 0; i < list.length; i++) {
      const worker = list[(start + i) % list.length]!;
      if (worker.busy) continue;
      nextToWake.set(name, (start + i + 1) % list.length);
      boss.notifyWorker(worker.id);
      return;
    }
  }

  return {
    jobNames,

    definition: registered,

    start() {
      if (stopped) return Promise.reject(new Error('The job queue has stopped'));
      started ??= start();
      return started;
    },

    stop({ timeoutMs = STOP_TIMEOUT_MS } = {}) {
      stopped ??= stop(timeoutMs);
      return stopped;
    },

    async enqueue(name, payload, options = {}) {
      const id = await send(name, payload, options);
      if (!id) throw new Error(`The job queue refused a ${name} job`);
      return id;
    },

    async enqueueAll(name, jobs) {
      assertStarted();
      if (jobs.length === 0) return [];
      const definition = registered(name);
      const inserts: PgBoss.JobInsert[] = jobs.map(({ payload, options = {} }) => ({
        // Made here, so the ids come back in order whatever the insert returns.
        id: randomUUID(),
        name,
        data: definition.payload.parse(payload) as object,
        ...retryAndPriority(options),
        ...(options.startAfterSeconds !== undefined
          ? { startAfter: `${options.startAfterSeconds} seconds` }
          : {}),
      }));
      // pg-boss's insert skips a job its queue's policy refuses (ON CONFLICT DO NOTHING) and says
      // nothing: its statement is sent with RETURNING id, so a refused job is seen. pg-boss maps
      // returned rows to their ids (its typings say void).
      const returning = {
        executeSql: (text: string, values?: unknown[]) =>
          connection.executeSql(`${text.trimEnd()} RETURNING id`, values),
      };
      const inserted = (await boss.insert(inserts, { db: returning })) as unknown as string[] | null;
      if (inserted?.length !== inserts.length) throw new Error(`The job queue refused ${name} jobs`);
      for (let i = 0; i < inserts.length; i++) wakeOneWorker(name);
      return inserts.map((job) => job.id!);
    },

    enqueueOnce(name, payload, options) {
      return send(name, payload, options);
    },

    async status(taskId, name) {
      if (!UUID.test(taskId)) return null;
      if (name && !jobNames.includes(name)) return null;
      const names = name ? [name] : jobNames;
      for (const queueName of names) {
        const job = await boss.getJobById(queueName, taskId, { includeArchive: true });
        if (job) return taskStatusOf(job.state);
      }
      return null;
    },

    depth(name) {
      assertStarted();
      return boss.getQueueSize(name);
    },

    async schedule(name, payload, everySeconds) {
      assertStarted();
      const once = () =>
        send(name, payload, { singleton: { key: name, seconds: everySeconds } }).catch((err: unknown) => {
          if (!stopped) log.warn({ err, job: name }, 'could not enqueue a scheduled job');
          return null;
        });
      await once();
      const timer = setInterval(() => void once(), everySeconds * 1000);
      timer.unref();
      timers.push(timer);
    },

    async work(name, handler, { concurrency, pollingIntervalSeconds }) {
      assertStarted();
      const definition = registered(name);
      const workOptions: PgBoss.WorkOptions & { includeMetadata: true } = {
        batchSize: 1,
        includeMetadata: true,
      };
      if (pollingIntervalSeconds !== undefined) workOptions.pollingIntervalSeconds = pollingIntervalSeconds;
      const run = async (self: { id: string; busy: boolean }, [job]: PgBoss.JobWithMetadata<unknown>[]) => {
        if (!job) return undefined;
        // Fetched just as the queue stopped: leave the job for the next start (it expires and is retried).
        if (connection.closed) throw new Error('The job queue has stopped');
        running++;
        self.busy = true;
        try {
          const output = await handler(definition.payload.parse(job.data), {
            id: job.id,
            name,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
          jobAttempts.inc({ job: name, outcome: 'completed' });
          return output;
        } catch (err) {
          jobAttempts.inc({ job: name, outcome: 'failed' });
          log.warn({ err, job: name, jobId: job.id }, 'job attempt failed');
          // pg-boss has no "fail without retry": cancelling ends the task (FAILURE); pg-boss's own
          // fail() that follows the throw leaves a cancelled job as it is.
          if (err instanceof PermanentJobError) await boss.cancel(name, job.id);
          throw err;
        } finally {
          running--;
          self.busy = false;
          // A worker that found a job looks for the next one at once. pg-boss 10 would otherwise
          // wait out the rest of its polling interval after every job (2 s from the fetch): with
          // jobs shorter than that, each worker ran one job per interval, whatever the backlog.
          if (self.id) boss.notifyWorker(self.id);
        }
      };
      // pg-boss 10 runs one batch per worker at a time: one worker per concurrent job.
      const list = workers.get(name) ?? [];
      workers.set(name, list);
      for (let i = 0; i < concurrency; i++) {
        const self = { id: '', busy: false };
        self.id = await boss.work(name, workOptions, (jobs) => run(self, jobs));
        list.push(self);
      }
    },
  };
}
