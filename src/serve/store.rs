//! The open sessions: at most [`MAX_SESSIONS`] (the least recently used goes when a new
//! one would pass the cap), each under its own lock so that one thinking AI does not hold
//! up the others.

use super::error::ApiError;
use super::games::short;
use super::session::Session;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The most sessions kept at once.
pub const MAX_SESSIONS: usize = 200;
/// The length of a session id.
pub const ID_LEN: usize = 16;

/// A session shared between requests, and the signal of its AI's thought ending.
pub struct Slot {
    session: Mutex<Session>,
    thought: Condvar,
}

/// A session as the requests hold it.
pub type Shared = Arc<Slot>;

impl Slot {
    /// The session, locked.
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        lock(&self.session)
    }

    /// The session locked once its AI has stopped thinking.
    pub fn after_thought(&self) -> MutexGuard<'_, Session> {
        let mut s = self.lock();
        while s.thinking {
            s = self.thought.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s
    }

    /// Wakes the requests waiting for the AI's thought to end.
    pub fn thought_ended(&self) {
        self.thought.notify_all();
    }
}

/// The sessions by id, each with the tick of its last use; and the tick now.
type Table = (HashMap<String, (Shared, u64)>, u64);

/// The open sessions.
#[derive(Default)]
pub struct Store {
    inner: Mutex<Table>,
}

/// Locks a mutex even if a panicking request left it poisoned (its data stays usable:
/// every change of a session is complete before anything can panic).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Store {
    /// Keeps a new session and gives its id (random, [a-z0-9]{16}).
    pub fn insert(&self, s: Session) -> (String, Shared) {
        let mut guard = lock(&self.inner);
        let (map, tick) = &mut *guard;
        *tick += 1;
        while map.len() >= MAX_SESSIONS {
            let Some(oldest) = map.iter().min_by_key(|(_, v)| v.1).map(|(k, _)| k.clone()) else { break };
            map.remove(&oldest);
        }
        let mut id = new_id();
        while map.contains_key(&id) {
            id = new_id();
        }
        let shared = Arc::new(Slot { session: Mutex::new(s), thought: Condvar::new() });
        map.insert(id.clone(), (shared.clone(), *tick));
        (id, shared)
    }

    /// The session with this id; 404 unknown-session for any other text.
    pub fn get(&self, id: &str) -> Result<Shared, ApiError> {
        let mut guard = lock(&self.inner);
        let (map, tick) = &mut *guard;
        *tick += 1;
        let entry = map.get_mut(id).ok_or_else(|| ApiError::UnknownSession(short(id)))?;
        entry.1 = *tick;
        Ok(entry.0.clone())
    }

    /// Forgets a session; 404 unknown-session if there is none.
    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        lock(&self.inner).0.remove(id).map(|_| ()).ok_or_else(|| ApiError::UnknownSession(short(id)))
    }
}

/// A random id: 16 characters of `[a-z0-9]` from the standard library's randomly keyed hasher.
fn new_id() -> String {
    const DIGITS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut out = String::with_capacity(ID_LEN);
    let mut word = 0u64;
    for i in 0..ID_LEN {
        if i % 8 == 0 {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(nanos);
            h.write_usize(i);
            word = h.finish();
        }
        out.push(DIGITS[(word % 36) as usize] as char);
        word /= 36;
    }
    out
}
