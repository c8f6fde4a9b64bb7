//! The calendar file a planned session's invitation carries (RFC 5545 iCalendar): one event with
//! the session's time in UTC, an hour long, and the participant's link. Pure text, so its shape
//! is tested here: CRLF line ends, lines folded at 75 octets (never inside a UTF-8 character),
//! TEXT values escaped.

/// One event to put in a calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event<'a> {
    /// Globally unique and stable for the session, so a calendar updates rather than duplicates.
    pub uid: &'a str,
    /// When the file was made (epoch ms).
    pub stamp_ms: i64,
    /// When the session starts (epoch ms).
    pub start_ms: i64,
    pub duration_minutes: u32,
    pub summary: &'a str,
    pub description: &'a str,
    pub url: &'a str,
}

/// The media type and file name of the attachment.
pub const MIME: &str = "text/calendar; charset=utf-8; method=PUBLISH";
pub const FILE_NAME: &str = "sesion-lupa.ics";

/// The iCalendar text of `event`: a VCALENDAR with one VEVENT (METHOD:PUBLISH: an event to add,
/// not a meeting request that expects an answer).
pub fn calendar(event: &Event<'_>) -> String {
    let lines = [
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        "PRODID:-//Lupa//Sesiones moderadas//ES".to_string(),
        "CALSCALE:GREGORIAN".to_string(),
        "METHOD:PUBLISH".to_string(),
        "BEGIN:VEVENT".to_string(),
        format!("UID:{}", escape_text(event.uid)),
        format!("DTSTAMP:{}", utc_date_time(event.stamp_ms)),
        format!("DTSTART:{}", utc_date_time(event.start_ms)),
        format!("DURATION:{}", duration(event.duration_minutes)),
        format!("SUMMARY:{}", escape_text(event.summary)),
        format!("DESCRIPTION:{}", escape_text(event.description)),
        // URL is a URI value (RFC 5545 §3.8.4.6): not escaped as TEXT is.
        format!("URL:{}", event.url),
        "END:VEVENT".to_string(),
        "END:VCALENDAR".to_string(),
    ];
    lines.iter().map(|line| fold(line) + "\r\n").collect()
}

/// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped.
pub fn escape_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Folds a content line (RFC 5545 §3.1): no line longer than 75 octets, each continuation
/// starting with one space; a split never cuts a UTF-8 character.
pub fn fold(line: &str) -> String {
    const LIMIT: usize = 75;
    let mut out = String::with_capacity(line.len() + line.len() / LIMIT * 3);
    let mut used = 0;
    for c in line.chars() {
        let size = c.len_utf8();
        if used + size > LIMIT {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += size;
    }
    out
}

/// `YYYYMMDDTHHMMSSZ` of an epoch-ms instant (a DATE-TIME in UTC, §3.3.5 form 2).
pub fn utc_date_time(epoch_ms: i64) -> String {
    let seconds = epoch_ms.div_euclid(1000);
    let (days, of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}{month:02}{day:02}T{:02}{:02}{:02}Z", of_day / 3600, of_day % 3600 / 60, of_day % 60)
}

/// `PT1H`, `PT45M`, `PT1H30M`: a DURATION (§3.3.6).
fn duration(minutes: u32) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("PT{m}M"),
        (h, 0) => format!("PT{h}H"),
        (h, m) => format!("PT{h}H{m}M"),
    }
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, http://howardhinnant.github.io/date_algorithms.html).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event<'a>(summary: &'a str, url: &'a str) -> Event<'a> {
        Event {
            uid: "abc123@lupa.example",
            // 2026-11-30 06:30:00 UTC and 2026-12-01 10:00:00 UTC.
            stamp_ms: 1_796_020_200_000,
            start_ms: 1_796_119_200_000,
            duration_minutes: 60,
            summary,
            description: "Sesión moderada",
            url,
        }
    }

    #[test]
    fn dates_are_utc_date_times() {
        assert_eq!(utc_date_time(0), "19700101T000000Z");
        assert_eq!(utc_date_time(1_796_020_200_000), "20261130T063000Z");
        // A leap day, and the instant before a new year.
        assert_eq!(utc_date_time(951_782_400_000), "20000229T000000Z");
        assert_eq!(utc_date_time(1_798_761_599_999), "20261231T235959Z");
    }

    #[test]
    fn the_calendar_has_one_event_with_crlf_lines() {
        let text = calendar(&event("Sesión con Ana", "https://lupa.example/participate/a?session=t"));
        assert!(text.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"));
        assert!(text.ends_with("END:VEVENT\r\nEND:VCALENDAR\r\n"));
        for needed in [
            "\r\nBEGIN:VEVENT\r\n",
            "\r\nUID:abc123@lupa.example\r\n",
            "\r\nDTSTAMP:20261130T063000Z\r\n",
            "\r\nDTSTART:20261201T100000Z\r\n",
            "\r\nDURATION:PT1H\r\n",
            "\r\nSUMMARY:Sesión con Ana\r\n",
            "\r\nURL:https://lupa.example/participate/a?session=t\r\n",
        ] {
            assert!(text.contains(needed), "{needed:?} in {text}");
        }
        // Every line ends with CRLF: no bare LF or CR anywhere.
        assert_eq!(text.matches('\n').count(), text.matches("\r\n").count());
        assert_eq!(text.matches('\r').count(), text.matches("\r\n").count());
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_cutting_a_character() {
        let url = format!("https://lupa.example/participate/{}?session={}", "a".repeat(32), "T".repeat(43));
        let summary = "Sesión moderada: ¿qué esperabas ver en la página de pago después de añadir el artículo?";
        let text = calendar(&event(summary, &url));
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line:?}", line.len());
        }
        // Unfolding (CRLF followed by one space) gives the lines back whole.
        let unfolded = text.replace("\r\n ", "");
        assert!(unfolded.contains(&format!("\r\nURL:{url}\r\n")));
        assert!(unfolded.contains(&format!("\r\nSUMMARY:{}\r\n", escape_text(summary))));
        // Two-octet characters straddling the limit move whole to the next line.
        let folded = fold(&format!("X:{}", "ñ".repeat(60)));
        assert!(folded.split("\r\n").all(|l| l.len() <= 75 && std::str::from_utf8(l.as_bytes()).is_ok()));
        assert_eq!(folded.replace("\r\n ", ""), format!("X:{}", "ñ".repeat(60)));
    }

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(escape_text("a, b; c\\d\nnueva\r\nlínea"), "a\\, b\\; c\\\\d\\nnueva\\nlínea");
        assert_eq!(duration(60), "PT1H");
        assert_eq!(duration(45), "PT45M");
        assert_eq!(duration(90), "PT1H30M");
    }
}
