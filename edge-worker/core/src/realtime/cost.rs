//! What a moderated session costs on Cloudflare's SFU, at the list price: $0.05 per GB the SFU sends
//! to clients, the first 1,000 GB a month free, everything it receives free. `npm run
//! bench:moderated` prints these figures for the bitrates it measures.
//!
//! The session: one participant and one moderator publish tracks; N observers publish nothing.
//! Every client pulls every track of the two it is not (observers pull both), and the SFU sends
//! each pulled track once per puller, so each publisher's bitrate leaves the SFU 1 + N times.
//! Simulcast layers, retransmissions and RTCP are left out: a slight underestimate.

/// A gigabyte as Cloudflare bills it: 10⁹ bytes.
pub const BYTES_PER_GB: u64 = 1_000_000_000;
/// List price of a GB sent to clients, in dollars.
pub const PRICE_PER_GB_USD: f64 = 0.05;
/// GB sent to clients each month before any is billed.
pub const FREE_GB_PER_MONTH: u64 = 1_000;

/// Bytes one kbit/s carries in an hour: 1000 bits / 8 × 3600 s.
const BYTES_PER_KBPS_HOUR: u64 = 1000 / 8 * 3600;

/// One moderated session's published tracks, each as its bitrate in kbit/s (e.g. the participant's
/// screen, camera and microphone; the moderator's camera and microphone), and its observers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session<'a> {
    pub participant_kbps: &'a [u64],
    pub moderator_kbps: &'a [u64],
    pub observers: u64,
}

/// Bytes the SFU sends to the session's clients in one hour.
pub fn bytes_sent_per_hour(session: &Session) -> u64 {
    let published: u64 = session.participant_kbps.iter().chain(session.moderator_kbps).sum();
    // The participant's tracks go to the moderator and the observers, the moderator's to the
    // participant and the observers: 1 + N pullers each.
    published * (1 + session.observers) * BYTES_PER_KBPS_HOUR
}

/// The bill for `bytes` sent to clients in a month, after the free GB.
pub fn monthly_price_usd(bytes: u64) -> f64 {
    let billed = bytes.saturating_sub(FREE_GB_PER_MONTH * BYTES_PER_GB);
    billed as f64 / BYTES_PER_GB as f64 * PRICE_PER_GB_USD
}

/// What one more session hour costs once the month's free GB are spent.
pub fn price_per_hour_usd(session: &Session) -> f64 {
    bytes_sent_per_hour(session) as f64 / BYTES_PER_GB as f64 * PRICE_PER_GB_USD
}

/// Session hours a month the free GB cover.
pub fn free_hours_per_month(session: &Session) -> f64 {
    match bytes_sent_per_hour(session) {
        0 => f64::INFINITY,
        hourly => (FREE_GB_PER_MONTH * BYTES_PER_GB) as f64 / hourly as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked figure of ADR 0024: a 1.5 Mbit/s screen, 250 kbit/s cameras, 32 kbit/s voices.
    const PARTICIPANT: &[u64] = &[1500, 250, 32];
    const MODERATOR: &[u64] = &[250, 32];

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_kbit_per_second_for_an_hour_is_450_kb() {
        let one = Session { participant_kbps: &[1], moderator_kbps: &[], observers: 0 };
        assert_eq!(bytes_sent_per_hour(&one), 450_000);
    }

    #[test]
    fn each_track_is_sent_once_to_each_client_that_is_not_its_publisher() {
        // Alone with the moderator, each side receives the other's tracks once: 2064 kbit/s.
        let pair = Session { participant_kbps: PARTICIPANT, moderator_kbps: MODERATOR, observers: 0 };
        assert_eq!(bytes_sent_per_hour(&pair), 2064 * 450_000);
        // Three observers receive both sides: 4 × 2064 = 8256 kbit/s, 3.7152 GB an hour.
        let watched = Session { observers: 3, ..pair.clone() };
        assert_eq!(bytes_sent_per_hour(&watched), 3_715_200_000);
        assert!(close(price_per_hour_usd(&watched), 0.18576));
        assert!(close(free_hours_per_month(&watched), 1000.0 / 3.7152));
    }

    #[test]
    fn the_first_1000_gb_of_a_month_are_free_and_then_5_cents_a_gb() {
        assert_eq!(monthly_price_usd(0), 0.0);
        assert_eq!(monthly_price_usd(FREE_GB_PER_MONTH * BYTES_PER_GB), 0.0);
        assert!(close(monthly_price_usd(1_001 * BYTES_PER_GB), 0.05));
        assert!(close(monthly_price_usd(3_000 * BYTES_PER_GB), 100.0));
    }

    #[test]
    fn nobody_publishing_costs_nothing_and_never_runs_out_of_free_hours() {
        let silent = Session { participant_kbps: &[], moderator_kbps: &[], observers: 10 };
        assert_eq!(bytes_sent_per_hour(&silent), 0);
        assert_eq!(price_per_hour_usd(&silent), 0.0);
        assert!(free_hours_per_month(&silent).is_infinite());
    }
}
