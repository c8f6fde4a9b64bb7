//! Mails the product sends, and the request our production mail provider (Resend's HTTP API)
//! expects. Pure: the worker performs the request, tests compare it with a recorded fixture.

use serde::Serialize;

/// A mail ready to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Files sent with it (a planned session's calendar event); most mails have none.
    pub attachments: Vec<Attachment>,
}

/// A file sent with a mail: its name, media type and bytes as text (every file we send is text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub content: String,
}

/// The password-reset mail (Spanish, text and HTML), linking to `link`.
pub fn password_reset(to: &str, link: &str, ttl_minutes: i64) -> Mail {
    let subject = "Restablece tu contraseña de Lupa".to_string();
    let text = format!(
        "Hola:\n\nHemos recibido una solicitud para restablecer la contraseña de tu cuenta de Lupa.\n\n\
         Abre este enlace para elegir una nueva contraseña (caduca en {ttl_minutes} minutos y solo sirve una vez):\n\n{link}\n\n\
         Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.\n\nEl equipo de Lupa\n"
    );
    let safe_link = escape_html(link);
    let html = format!(
        "<!doctype html><html lang=\"es\"><head><meta charset=\"utf-8\"><title>{subject}</title></head>\
         <body style=\"font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5\">\
         <h1 style=\"font-size:20px\">Restablece tu contraseña</h1>\
         <p>Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Lupa.</p>\
         <p><a href=\"{safe_link}\" style=\"display:inline-block;background:#4338ca;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none\">Elegir una nueva contraseña</a></p>\
         <p>El enlace caduca en {ttl_minutes} minutos y solo sirve una vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>{safe_link}</p>\
         <p>Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.</p>\
         <p>El equipo de Lupa</p></body></html>"
    );
    Mail { to: to.to_string(), subject, text, html, attachments: Vec::new() }
}

/// The mail to an account's owner after a burst of failed logins (ADR 0006). Nothing is locked, so
/// it says what happened and what to do, and names no address or network.
pub fn login_failures(to: &str, failures: i64, window_minutes: i64, reset_link: &str) -> Mail {
    let subject = "Intentos fallidos de inicio de sesión en tu cuenta de Lupa".to_string();
    let text = format!(
        "Hola:\n\nEn los últimos {window_minutes} minutos ha habido {failures} intentos fallidos de iniciar sesión en tu cuenta de Lupa.\n\n\
         Tu cuenta no está bloqueada y puedes seguir entrando con tu contraseña. Si no has sido tú, te recomendamos cambiarla:\n\n{reset_link}\n\n\
         El equipo de Lupa\n"
    );
    let safe_link = escape_html(reset_link);
    let html = format!(
        "<!doctype html><html lang=\"es\"><head><meta charset=\"utf-8\"><title>{subject}</title></head>\
         <body style=\"font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5\">\
         <h1 style=\"font-size:20px\">Intentos fallidos de inicio de sesión</h1>\
         <p>En los últimos {window_minutes} minutos ha habido {failures} intentos fallidos de iniciar sesión en tu cuenta de Lupa.</p>\
         <p>Tu cuenta no está bloqueada y puedes seguir entrando con tu contraseña. Si no has sido tú, te recomendamos <a href=\"{safe_link}\">cambiarla</a>.</p>\
         <p>El equipo de Lupa</p></body></html>"
    );
    Mail { to: to.to_string(), subject, text, html, attachments: Vec::new() }
}

/// The invitation to join a workspace (ADR 0019): who invites, to which team, with which role,
/// and the link (valid `ttl_days`, single use).
pub fn team_invitation(to: &str, inviter: &str, workspace: &str, role_label: &str, link: &str, ttl_days: i64) -> Mail {
    let subject = format!("{inviter} te invita al equipo {workspace} en Lupa");
    let text = format!(
        "Hola:\n\n{inviter} te invita a unirte al equipo {workspace} en Lupa con el rol {role_label}.\n\n\
         Abre este enlace para unirte (caduca en {ttl_days} días y solo sirve una vez):\n\n{link}\n\n\
         Si no esperabas esta invitación, ignora este correo.\n\nEl equipo de Lupa\n"
    );
    let (inviter, workspace, role_label, link) =
        (escape_html(inviter), escape_html(workspace), escape_html(role_label), escape_html(link));
    let html = format!(
        "<!doctype html><html lang=\"es\"><head><meta charset=\"utf-8\"><title>Invitación a un equipo de Lupa</title></head>\
         <body style=\"font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5\">\
         <h1 style=\"font-size:20px\">Te invitan a un equipo</h1>\
         <p>{inviter} te invita a unirte al equipo <strong>{workspace}</strong> en Lupa con el rol {role_label}.</p>\
         <p><a href=\"{link}\" style=\"display:inline-block;background:#4338ca;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none\">Ver la invitación</a></p>\
         <p>El enlace caduca en {ttl_days} días y solo sirve una vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>{link}</p>\
         <p>Si no esperabas esta invitación, ignora este correo.</p>\
         <p>El equipo de Lupa</p></body></html>"
    );
    Mail { to: to.to_string(), subject, text, html, attachments: Vec::new() }
}

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// An HTTP request to make, described as data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpCall {
    pub method: &'static str,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

/// Resend's `POST /emails` (https://resend.com/docs/api-reference/emails/send-email).
pub const RESEND_ENDPOINT: &str = "https://api.resend.com/emails";

#[derive(Serialize)]
struct ResendBody<'a> {
    from: &'a str,
    to: [&'a str; 1],
    subject: &'a str,
    html: &'a str,
    text: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    attachments: Vec<ResendAttachment<'a>>,
}

/// Resend's attachment: `content` is the file base64-encoded, with its name and media type.
#[derive(Serialize)]
struct ResendAttachment<'a> {
    filename: &'a str,
    content: String,
    content_type: &'a str,
}

/// Builds the Resend request for `mail`, sent from `from` with `api_key`.
pub fn resend_request(api_key: &str, from: &str, mail: &Mail) -> Result<HttpCall, String> {
    let body = serde_json::to_string(&ResendBody {
        from,
        to: [&mail.to],
        subject: &mail.subject,
        html: &mail.html,
        text: &mail.text,
        attachments: mail
            .attachments
            .iter()
            .map(|a| ResendAttachment {
                filename: &a.filename,
                content: base64::Engine::encode(&base64::engine::general_purpose::STANDARD, a.content.as_bytes()),
                content_type: &a.content_type,
            })
            .collect(),
    })
    .map_err(|e| e.to_string())?;
    Ok(HttpCall {
        method: "POST",
        url: RESEND_ENDPOINT.to_string(),
        headers: vec![
            ("Authorization".into(), format!("Bearer {api_key}")),
            ("Content-Type".into(), "application/json".into()),
        ],
        body,
    })
}

/// Reads the id from Resend's success answer (`{"id": "..."}`); an error answer names its message.
pub fn resend_response(status: u16, body: &str) -> Result<String, String> {
    let value: serde_json::Value =
        serde_json::from_str(body).map_err(|_| format!("resend answered {status} with a non-JSON body"))?;
    if (200..300).contains(&status) {
        value
            .get("id")
            .and_then(|v| v.as_str())
            .map(str::to_string)
            .ok_or_else(|| "resend answer has no id".to_string())
    } else {
        let message = value.get("message").and_then(|v| v.as_str()).unwrap_or("unknown error");
        Err(format!("resend answered {status}: {message}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURE: &str = include_str!("../fixtures/resend-send-email.json");

    #[test]
    fn reset_mail_links_and_escapes() {
        let mail =
            password_reset("ana@example.com", "https://lupa.example/auth/password-reset?passwordResetToken=a&b", 30);
        assert!(mail.text.contains("https://lupa.example/auth/password-reset?passwordResetToken=a&b"));
        assert!(mail.html.contains("passwordResetToken=a&amp;b"));
        assert!(mail.html.starts_with("<!doctype html><html lang=\"es\">"));
        assert!(mail.text.contains("caduca en 30 minutos"));
    }

    #[test]
    fn invitation_mail_names_the_team_and_escapes() {
        let mail =
            team_invitation("b@example.com", "Ana <a>", "Equipo & Co", "Observador", "https://l.example/invite/t", 7);
        assert!(mail.subject.contains("Ana <a>") && mail.subject.contains("Equipo & Co"));
        assert!(mail.text.contains("https://l.example/invite/t") && mail.text.contains("caduca en 7 días"));
        assert!(
            mail.html.contains("Ana &lt;a&gt;") && mail.html.contains("Equipo &amp; Co") && !mail.html.contains("<a>")
        );
    }

    #[test]
    fn resend_request_matches_the_recorded_fixture() {
        let fixture: serde_json::Value = serde_json::from_str(FIXTURE).unwrap();
        let request = &fixture["request"];
        let mail = Mail {
            to: "delivered@resend.dev".into(),
            subject: "hello world".into(),
            text: "it works!".into(),
            html: "<strong>it works!</strong>".into(),
            attachments: Vec::new(),
        };
        let call = resend_request("re_123456789", "Acme <onboarding@resend.dev>", &mail).unwrap();
        assert_eq!(call.method, request["method"]);
        assert_eq!(call.url, request["url"]);
        for (name, value) in request["headers"].as_object().unwrap() {
            assert!(call.headers.iter().any(|(n, v)| n == name && v == value), "header {name}");
        }
        let body: serde_json::Value = serde_json::from_str(&call.body).unwrap();
        assert_eq!(body, request["body"]);
    }

    #[test]
    fn attachments_go_to_resend_base64_encoded_with_their_type() {
        let mail = Mail {
            to: "a@example.com".into(),
            subject: "s".into(),
            text: "t".into(),
            html: "h".into(),
            attachments: vec![Attachment {
                filename: "sesion.ics".into(),
                content_type: "text/calendar".into(),
                content: "BEGIN:VCALENDAR\r\n".into(),
            }],
        };
        let body: serde_json::Value =
            serde_json::from_str(&resend_request("k", "f@example.com", &mail).unwrap().body).unwrap();
        assert_eq!(
            body["attachments"],
            serde_json::json!([{ "filename": "sesion.ics", "content": "QkVHSU46VkNBTEVOREFSDQo=", "content_type": "text/calendar" }])
        );
    }

    #[test]
    fn resend_answers_are_read() {
        let fixture: serde_json::Value = serde_json::from_str(FIXTURE).unwrap();
        let ok = &fixture["response"];
        assert_eq!(
            resend_response(ok["status"].as_u64().unwrap() as u16, &ok["body"].to_string()),
            Ok("49a3999c-0ce1-4ea6-ab68-afcd6dc2e794".into())
        );
        let err = &fixture["errorResponse"];
        assert_eq!(
            resend_response(err["status"].as_u64().unwrap() as u16, &err["body"].to_string()),
            Err("resend answered 422: Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.".into())
        );
    }
}
