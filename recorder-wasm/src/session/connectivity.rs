//! What the session's requests and the browser's events say about the network: a failure to
//! reach the server means offline, an answer means online unless it left before the browser said
//! it went offline.

use super::{Failure, Request, Session};

impl Session {
    /// A request ended with `failure` (`None`: answered). A failure to reach the server shows the
    /// network is down. An answer shows it is up, unless the request left before the browser last
    /// said it went offline: such an answer (a step PUT already under way when the connection
    /// dropped) says nothing about now, and taking it for "online" hid the offline notice while
    /// nothing else was sent but a probe every 30 s.
    pub(super) fn heard(&mut self, request: Request, failure: Option<Failure>) {
        let sent_at = self.sent_at.iter().position(|(r, _)| *r == request).map(|at| self.sent_at.swap_remove(at).1);
        if failure == Some(Failure::Network) {
            self.online = false;
        } else if self.offline_at.is_none_or(|offline_at| sent_at.is_some_and(|sent| sent >= offline_at)) {
            self.online = true;
        }
    }

    /// `request` was handed to the shell at `now` (a resend replaces the time of the one before).
    pub(super) fn sent(&mut self, request: Request, now: f64) {
        self.sent_at.retain(|(r, _)| *r != request);
        self.sent_at.push((request, now));
    }

    /// `navigator.onLine` changed: offline, chunks wait for the `online` event (or a rare probe)
    /// instead of failing one after another; back online, everything is retried at once.
    pub fn set_online(&mut self, online: bool, now: f64) {
        self.online = online;
        self.offline_at = (!online).then_some(now);
        self.uploader.set_online(online, now);
        if online {
            self.sync.retry_now();
        }
    }
}
