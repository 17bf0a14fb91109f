//! Write coalescing ("group commit") for the public writes that come in
//! bursts: bookings, orders and the per-address count of public writes.
//!
//! Each kind of write has one thread per process. Requests that arrive while
//! it writes a transaction wait, and the next transaction writes all of them
//! (up to [`MAX_BATCH`]): its statements work on the whole batch at once, so
//! a burst of 32 bookings of one date costs about the round trips and the
//! commit of one booking, instead of queueing 32 transactions one behind the
//! other on the date's lock. The decisions stay the domain's, made in the
//! order the requests came (`plan_bookings`, `price_orders`), so a batch
//! answers exactly what the same requests one after another would have.
//!
//! A batch whose transaction fails (or panics) is written again one request
//! at a time, so one request's failure is that request's alone. Two requests
//! with the same exclusive key (an idempotency key) never share a batch: the
//! later one waits for the next, where it finds the first one's answer, as
//! it would have in a transaction of its own.

use std::collections::{HashSet, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc;

use diesel::pg::PgConnection;
use ports::{RepoError, RepoResult};
use tokio::sync::oneshot;

use crate::{CallCounts, PgPool};

/// The most requests one transaction writes.
pub(crate) const MAX_BATCH: usize = 64;

/// One kind of write that simultaneous requests can share a transaction for.
pub(crate) trait BatchWrite: Send + 'static {
    type Request: Send + 'static;
    type Answer: Send + 'static;

    /// Writes `requests` in one transaction: one answer per request, in
    /// their order. An `Err` undoes the whole transaction.
    fn write(&self, conn: &mut PgConnection, requests: &[Self::Request]) -> RepoResult<Vec<Self::Answer>>;

    /// The answer of a request whose write failed.
    fn failed(error: RepoError) -> Self::Answer;

    /// Keys no two requests of one batch may share (an idempotency key, a
    /// gift card): such requests are written in separate transactions.
    fn exclusive_keys(_request: &Self::Request) -> Vec<String> {
        Vec::new()
    }
}

struct Queued<W: BatchWrite> {
    request: W::Request,
    answer: oneshot::Sender<W::Answer>,
    /// The request's trace span: the batch's span follows from it, so the
    /// log of a request leads to the transaction that wrote it.
    span: tracing::Span,
}

/// Where requests of one kind wait for their batch.
pub(crate) struct WriteQueue<W: BatchWrite> {
    /// `None` when the writer thread could not be started.
    sender: Option<mpsc::Sender<Queued<W>>>,
}

/// Why a request got no answer from its writer.
#[derive(Debug, thiserror::Error)]
enum BatchFailure {
    #[error("the {0} writer is not running")]
    Stopped(&'static str),
    #[error("no database connection for a batch: {0}")]
    NoConnection(String),
    #[error("the batch write panicked")]
    Panicked,
    #[error("a batch writer answered a different number of requests than it was given")]
    MissingAnswers,
}

impl<W: BatchWrite> WriteQueue<W> {
    /// Starts the writer thread. It ends when the queue is dropped (with the
    /// last clone of the store) and everything queued has been written.
    pub(crate) fn start(name: &'static str, writer: W, pool: PgPool, calls: Arc<CallCounts>) -> Self {
        let (sender, receiver) = mpsc::channel();
        let started = std::thread::Builder::new()
            .name(format!("{name}-writer"))
            .spawn(move || serve(name, &writer, &pool, &calls, &receiver));
        match started {
            Ok(_) => Self { sender: Some(sender) },
            Err(error) => {
                tracing::error!(%error, name, "cannot start a writer thread; these writes will fail");
                Self { sender: None }
            }
        }
    }

    /// Queues `request` at once (so requests are written in the order of
    /// the calls) and answers a future of its answer.
    pub(crate) fn submit(&self, request: W::Request) -> impl Future<Output = W::Answer> + use<W> {
        let (answer, answered) = oneshot::channel();
        let span = tracing::Span::current();
        let queued = self.sender.as_ref().map(|sender| sender.send(Queued { request, answer, span }));
        async move {
            match queued {
                Some(Ok(())) => answered.await.unwrap_or_else(|_| W::failed(stopped::<W>())),
                Some(Err(_)) | None => W::failed(stopped::<W>()),
            }
        }
    }
}

fn stopped<W>() -> RepoError {
    RepoError::unavailable(BatchFailure::Stopped(std::any::type_name::<W>()))
}

fn serve<W: BatchWrite>(
    name: &'static str,
    writer: &W,
    pool: &PgPool,
    calls: &CallCounts,
    receiver: &mpsc::Receiver<Queued<W>>,
) {
    let mut waiting: VecDeque<Queued<W>> = VecDeque::new();
    loop {
        if waiting.is_empty() {
            match receiver.recv() {
                Ok(queued) => waiting.push_back(queued),
                Err(mpsc::RecvError) => return,
            }
        }
        waiting.extend(receiver.try_iter());
        let batch = next_batch::<W>(&mut waiting);
        calls.running.fetch_add(1, Ordering::Relaxed);
        write_batch(name, writer, pool, batch);
        calls.running.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Takes the first requests waiting, in order, up to [`MAX_BATCH`]; one
/// whose exclusive key a request already taken has stays for the next batch.
fn next_batch<W: BatchWrite>(waiting: &mut VecDeque<Queued<W>>) -> Vec<Queued<W>> {
    let mut batch = Vec::new();
    let mut keys = HashSet::new();
    let mut left = VecDeque::new();
    while let Some(queued) = waiting.pop_front() {
        let own = W::exclusive_keys(&queued.request);
        let taken = batch.len() < MAX_BATCH && own.iter().all(|key| !keys.contains(key));
        if taken {
            keys.extend(own);
            batch.push(queued);
        } else {
            left.push_back(queued);
        }
    }
    *waiting = left;
    batch
}

fn write_batch<W: BatchWrite>(name: &'static str, writer: &W, pool: &PgPool, batch: Vec<Queued<W>>) {
    let span = tracing::info_span!("batch write", kind = name, size = batch.len());
    for queued in &batch {
        span.follows_from(&queued.span);
    }
    let _entered = span.enter();
    let (requests, answers): (Vec<_>, Vec<_>) = batch.into_iter().map(|q| (q.request, q.answer)).unzip();
    let results = match write_once(writer, pool, &requests) {
        Ok(results) if results.len() == requests.len() => results,
        // Committed, so never written again; a writer's bug.
        Ok(_) => {
            requests.iter().map(|_| W::failed(RepoError::storage(BatchFailure::MissingAnswers))).collect()
        }
        Err(error) if requests.len() == 1 => vec![W::failed(error)],
        Err(error) => {
            tracing::warn!(%error, size = requests.len(), "a batch failed; writing its requests one by one");
            requests
                .iter()
                .map(|request| match write_once(writer, pool, std::slice::from_ref(request)) {
                    Ok(mut one) if one.len() == 1 => one.remove(0),
                    Ok(_) => W::failed(RepoError::storage(BatchFailure::MissingAnswers)),
                    Err(error) => W::failed(error),
                })
                .collect()
        }
    };
    for (answer, result) in answers.into_iter().zip(results) {
        // The caller may have gone (its client hung up): the write stands.
        let _ = answer.send(result);
    }
}

/// One transaction on a connection of its own (a panic leaves its
/// connection mid-transaction: the pool drops it).
fn write_once<W: BatchWrite>(
    writer: &W,
    pool: &PgPool,
    requests: &[W::Request],
) -> RepoResult<Vec<W::Answer>> {
    let mut conn =
        pool.get().map_err(|error| RepoError::unavailable(BatchFailure::NoConnection(error.to_string())))?;
    match catch_unwind(AssertUnwindSafe(|| writer.write(&mut conn, requests))) {
        Ok(outcome) => outcome,
        Err(_) => Err(RepoError::storage(BatchFailure::Panicked)),
    }
}

#[cfg(test)]
mod tests {
    //! The queue against a real PostgreSQL connection (`TEST_DATABASE_URL`,
    //! its `postgres` database): each write makes a round trip on the batch's
    //! connection. The first write of each test waits at a gate until the
    //! test has queued the rest, so what the batches hold is certain.

    use std::sync::Mutex;

    use diesel::connection::SimpleConnection;
    use diesel::r2d2::{ConnectionManager, Pool};

    use super::*;

    #[derive(Debug, Clone, Copy)]
    enum Ask {
        Fine(u32),
        Fails(u32),
        Panics(u32),
        Keyed(u32, &'static str),
    }

    impl Ask {
        fn id(self) -> u32 {
            match self {
                Ask::Fine(id) | Ask::Fails(id) | Ask::Panics(id) | Ask::Keyed(id, _) => id,
            }
        }
    }

    /// Records each transaction's requests; the first waits at the gate.
    struct Recorder {
        batches: Arc<Mutex<Vec<Vec<u32>>>>,
        gate: Mutex<Option<(mpsc::Sender<()>, mpsc::Receiver<()>)>>,
    }

    impl BatchWrite for Recorder {
        type Request = Ask;
        type Answer = Result<u32, String>;

        fn write(&self, conn: &mut PgConnection, requests: &[Ask]) -> RepoResult<Vec<Self::Answer>> {
            conn.batch_execute("SELECT 1").map_err(RepoError::storage)?;
            self.batches.lock().expect("batches").push(requests.iter().map(|r| r.id()).collect());
            if let Some((entered, release)) = self.gate.lock().expect("gate").take() {
                entered.send(()).expect("the test waits");
                release.recv().expect("the test releases");
            }
            if requests.iter().any(|r| matches!(r, Ask::Fails(_))) {
                return Err(RepoError::Conflict);
            }
            assert!(!requests.iter().any(|r| matches!(r, Ask::Panics(_))), "a writer's bug");
            Ok(requests.iter().map(|r| Ok(r.id())).collect())
        }

        fn failed(error: RepoError) -> Self::Answer {
            Err(error.to_string())
        }

        fn exclusive_keys(request: &Ask) -> Vec<String> {
            match request {
                Ask::Keyed(_, key) => vec![(*key).to_owned()],
                _ => Vec::new(),
            }
        }
    }

    struct Harness {
        queue: WriteQueue<Recorder>,
        batches: Arc<Mutex<Vec<Vec<u32>>>>,
        entered: mpsc::Receiver<()>,
        release: mpsc::Sender<()>,
    }

    fn harness() -> Harness {
        let url = format!("{}/postgres?sslmode=disable", crate::test_server());
        let pool = Pool::builder().max_size(2).build(ConnectionManager::new(url)).expect("PostgreSQL");
        let (entered_tx, entered) = mpsc::channel();
        let (release, release_rx) = mpsc::channel();
        let batches = Arc::new(Mutex::new(Vec::new()));
        let recorder =
            Recorder { batches: batches.clone(), gate: Mutex::new(Some((entered_tx, release_rx))) };
        Harness {
            queue: WriteQueue::start("test", recorder, pool, Arc::default()),
            batches,
            entered,
            release,
        }
    }

    impl Harness {
        /// Queues `first`, waits until its write holds the gate, queues
        /// `rest` behind it, opens the gate and collects every answer.
        async fn burst(&self, first: Ask, rest: &[Ask]) -> Vec<Result<u32, String>> {
            let first = self.queue.submit(first);
            self.entered.recv().expect("the first write starts");
            let rest: Vec<_> = rest.iter().map(|ask| self.queue.submit(*ask)).collect();
            self.release.send(()).expect("the writer waits");
            let mut answers = vec![first.await];
            for answer in rest {
                answers.push(answer.await);
            }
            answers
        }

        fn batches(&self) -> Vec<Vec<u32>> {
            self.batches.lock().expect("batches").clone()
        }
    }

    #[tokio::test]
    async fn requests_that_arrive_during_a_write_share_the_next_transaction_in_their_order() {
        let harness = harness();
        let rest: Vec<Ask> = (1..=70).map(Ask::Fine).collect();
        let answers = harness.burst(Ask::Fine(0), &rest).await;
        assert_eq!(answers, (0..=70).map(Ok).collect::<Vec<_>>());
        assert_eq!(
            harness.batches(),
            [vec![0], (1..=64).collect::<Vec<_>>(), (65..=70).collect()],
            "at most {MAX_BATCH} a transaction"
        );
    }

    #[tokio::test]
    async fn a_failing_request_fails_alone_and_the_others_are_written_one_by_one() {
        let harness = harness();
        let answers = harness.burst(Ask::Fine(0), &[Ask::Fine(1), Ask::Fails(2), Ask::Fine(3)]).await;
        assert_eq!(answers[..2], [Ok(0), Ok(1)]);
        assert_eq!(answers[2], Err(RepoError::Conflict.to_string()));
        assert_eq!(answers[3], Ok(3));
        assert_eq!(harness.batches(), [vec![0], vec![1, 2, 3], vec![1], vec![2], vec![3]]);
    }

    #[tokio::test]
    async fn a_panicking_write_fails_its_request_and_the_writer_goes_on() {
        let harness = harness();
        let answers = harness.burst(Ask::Fine(0), &[Ask::Panics(1), Ask::Fine(2)]).await;
        assert_eq!(answers[0], Ok(0));
        assert_eq!(answers[1], Err(RepoError::storage(BatchFailure::Panicked).to_string()));
        assert_eq!(answers[2], Ok(2));
        assert_eq!(harness.queue.submit(Ask::Fine(3)).await, Ok(3), "still writing");
    }

    #[tokio::test]
    async fn requests_sharing_an_exclusive_key_are_written_in_separate_transactions() {
        let harness = harness();
        let rest =
            [Ask::Keyed(1, "a"), Ask::Keyed(2, "b"), Ask::Keyed(3, "a"), Ask::Fine(4), Ask::Keyed(5, "a")];
        let answers = harness.burst(Ask::Fine(0), &rest).await;
        assert_eq!(answers, (0..=5).map(Ok).collect::<Vec<_>>());
        assert_eq!(harness.batches(), [vec![0], vec![1, 2, 4], vec![3], vec![5]]);
    }

    /// Spans seen by a subscriber: names and fields by id, and each
    /// `follows_from` link.
    #[derive(Default)]
    struct Seen {
        spans: Mutex<std::collections::HashMap<u64, String>>,
        follows: Mutex<Vec<(u64, u64)>>,
    }

    struct Recording(Arc<Seen>);

    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Recording {
        fn on_new_span(
            &self,
            attrs: &tracing::span::Attributes<'_>,
            id: &tracing::span::Id,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            let text = format!("{} {:?}", attrs.metadata().name(), attrs.values());
            self.0.spans.lock().expect("spans").insert(id.into_u64(), text);
        }

        fn on_follows_from(
            &self,
            span: &tracing::span::Id,
            follows: &tracing::span::Id,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            self.0.follows.lock().expect("follows").push((span.into_u64(), follows.into_u64()));
        }
    }

    #[tokio::test]
    async fn the_batch_s_span_follows_from_the_span_of_every_request_it_writes() {
        use tracing_subscriber::layer::SubscriberExt;
        let seen = Arc::new(Seen::default());
        // The writer is a thread of its own: only a global subscriber sees its span.
        tracing::subscriber::set_global_default(tracing_subscriber::registry().with(Recording(seen.clone())))
            .expect("the only test that sets a subscriber");
        let harness = harness();
        let first = harness.queue.submit(Ask::Fine(0));
        harness.entered.recv().expect("the first write starts");
        let rest: Vec<_> = (1..=3)
            .map(|n| {
                let request = tracing::info_span!("test request", n);
                let _entered = request.enter();
                harness.queue.submit(Ask::Fine(n))
            })
            .collect();
        harness.release.send(()).expect("the writer waits");
        first.await.expect("written");
        for answer in rest {
            answer.await.expect("written");
        }
        let spans = seen.spans.lock().expect("spans").clone();
        let name = |id: &u64| spans.get(id).cloned().unwrap_or_default();
        let mut links: Vec<(String, String)> = seen
            .follows
            .lock()
            .expect("follows")
            .iter()
            .map(|(span, from)| (name(span), name(from)))
            .collect();
        links.retain(|(span, from)| span.starts_with("batch write") && from.starts_with("test request"));
        links.sort();
        let batch = links.first().map(|(span, _)| span.clone()).unwrap_or_default();
        assert!(batch.contains(r#"kind: "test""#) && batch.contains("size: 3"), "{batch}");
        assert!(links.iter().all(|(span, _)| *span == batch), "one batch: {links:?}");
        let requests: Vec<bool> =
            (1..=3).map(|n| links.iter().any(|(_, from)| from.contains(&format!("n: {n},")))).collect();
        assert_eq!(requests, [true, true, true], "{links:?}");
        assert_eq!(links.len(), 3, "{links:?}");
    }
}
