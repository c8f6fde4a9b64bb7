//! The participant's invitation mail to a moderated session (Spanish, text and HTML): who
//! invites, when (when planned, with the calendar event attached), and the link. The link is the
//! participant's only key to the session, so the mail is the one place it is written down.

use super::ics;
use super::plan::PLANNED_DURATION_MINUTES;
use crate::mail::{escape_html, Attachment, Mail};

/// When a session is planned, for the mail and its calendar event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Planned<'a> {
    pub start_ms: i64,
    /// When the mail is made (the event's DTSTAMP).
    pub now_ms: i64,
    /// The event's UID: the session's id at the service's host.
    pub uid: &'a str,
}

const MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// '1 de diciembre de 2026 a las 10:00 (UTC)': the mail doesn't know the reader's time zone; the
/// attached event shows the time in theirs.
pub fn when_in_words(epoch_ms: i64) -> String {
    let stamp = ics::utc_date_time(epoch_ms);
    let number = |range: std::ops::Range<usize>| stamp.get(range).and_then(|s| s.parse::<usize>().ok()).unwrap_or(0);
    let month = MONTHS.get(number(4..6).saturating_sub(1)).copied().unwrap_or("");
    format!("{} de {month} de {} a las {:02}:{:02} (UTC)", number(6..8), number(0..4), number(9..11), number(11..13))
}

/// The mail to `to`, from `moderator`, with the participant's `link`.
pub fn session_invitation(to: &str, moderator: &str, link: &str, planned: Option<Planned<'_>>) -> Mail {
    let subject = format!("{moderator} te invita a una sesión de Lupa");
    let when = planned.map(|p| when_in_words(p.start_ms));
    let when_text = when.as_ref().map(|w| format!(" el {w}")).unwrap_or_default();
    let text = format!(
        "Hola:\n\n{moderator} te invita a una sesión de investigación en Lupa{when_text}. Hablaréis mientras \
         compartes tu pantalla y realizas algunas tareas; la sesión se graba para el equipo de investigación.\n\n\
         Cuando llegue el momento, abre este enlace (solo es para ti, no lo compartas):\n\n{link}\n\n{}\
         Si no esperabas esta invitación, ignora este correo.\n\nEl equipo de Lupa\n",
        if planned.is_some() { "Añade la sesión a tu calendario con el archivo adjunto.\n\n" } else { "" }
    );
    let (safe_moderator, safe_link) = (escape_html(moderator), escape_html(link));
    let safe_when = when.as_deref().map(|w| format!(" el <strong>{}</strong>", escape_html(w))).unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"es\"><head><meta charset=\"utf-8\"><title>Invitación a una sesión de Lupa</title></head>\
         <body style=\"font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5\">\
         <h1 style=\"font-size:20px\">Te invitan a una sesión</h1>\
         <p>{safe_moderator} te invita a una sesión de investigación en Lupa{safe_when}. Hablaréis mientras compartes \
         tu pantalla y realizas algunas tareas; la sesión se graba para el equipo de investigación.</p>\
         <p><a href=\"{safe_link}\" style=\"display:inline-block;background:#4338ca;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none\">Abrir la sesión</a></p>\
         <p>El enlace es solo para ti: no lo compartas. Si el botón no funciona, copia esta dirección en tu navegador:<br>{safe_link}</p>\
         <p>Si no esperabas esta invitación, ignora este correo.</p>\
         <p>El equipo de Lupa</p></body></html>"
    );
    let attachments = planned
        .map(|p| {
            let summary = format!("Sesión de Lupa con {moderator}");
            let event = ics::Event {
                uid: p.uid,
                stamp_ms: p.now_ms,
                start_ms: p.start_ms,
                duration_minutes: PLANNED_DURATION_MINUTES,
                summary: &summary,
                description: "Sesión de investigación moderada. Abre el enlace a la hora prevista.",
                url: link,
            };
            vec![Attachment {
                filename: ics::FILE_NAME.into(),
                content_type: ics::MIME.into(),
                content: ics::calendar(&event),
            }]
        })
        .unwrap_or_default();
    Mail { to: to.to_string(), subject, text, html, attachments }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str = "https://lupa.example/participate/a1?session=tok&x=1";

    #[test]
    fn a_planned_session_says_when_and_attaches_the_event() {
        let planned = Planned { start_ms: 1_796_119_200_000, now_ms: 1_796_020_200_000, uid: "s1@lupa.example" };
        let mail = session_invitation("p@example.com", "Ana <García>", LINK, Some(planned));
        assert_eq!(mail.subject, "Ana <García> te invita a una sesión de Lupa");
        assert!(mail.text.contains("el 1 de diciembre de 2026 a las 10:00 (UTC)"));
        assert!(mail.text.contains(LINK));
        assert!(mail.html.contains("Ana &lt;García&gt;") && mail.html.contains("x=1") && !mail.html.contains("&x=1"));
        let [ics] = mail.attachments.as_slice() else { panic!("one attachment") };
        assert_eq!(ics.filename, "sesion-lupa.ics");
        assert!(ics.content_type.starts_with("text/calendar"));
        assert!(ics.content.contains("\r\nDTSTART:20261201T100000Z\r\n"));
        assert!(ics.content.contains("\r\nUID:s1@lupa.example\r\n"));
        assert!(ics.content.replace("\r\n ", "").contains(&format!("\r\nURL:{LINK}\r\n")));
    }

    #[test]
    fn an_unplanned_session_has_no_attachment() {
        let mail = session_invitation("p@example.com", "Ana", LINK, None);
        assert!(mail.attachments.is_empty());
        assert!(mail.text.contains("en Lupa. Hablaréis"));
        assert!(!mail.text.contains("calendario"));
    }

    #[test]
    fn times_read_in_spanish() {
        assert_eq!(when_in_words(0), "1 de enero de 1970 a las 00:00 (UTC)");
        assert_eq!(when_in_words(1_796_020_200_000), "30 de noviembre de 2026 a las 06:30 (UTC)");
    }
}
