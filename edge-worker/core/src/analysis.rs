//! Analyses (studies): the create/edit rules of product §5 and the status machine of §4.

/// Interface messages (product §5 verbatim where it has one).
pub const NAME_REQUIRED: &str = "El nombre del análisis es obligatorio";
pub const NAME_TOO_LONG: &str = "El nombre del análisis no puede superar los 200 caracteres";
pub const URL_REQUIRED: &str = "La URL es obligatoria";
pub const URL_INVALID: &str = "Por favor, introduzca una URL válida con una estructura de dominio adecuada";
pub const PARTICIPANTS_MIN: &str = "El número de participantes debe ser al menos 1";
pub const PARTICIPANTS_MAX: &str = "El número de participantes no puede superar 1000";
pub const TASKS_REQUIRED: &str = "Se requiere al menos una tarea con contenido";
pub const TASKS_TOO_MANY: &str = "Un análisis puede tener como máximo 50 tareas";
pub const TASK_TOO_LONG: &str = "Cada tarea puede tener como máximo 2000 caracteres";
pub const SCENARIO_TOO_LONG: &str = "El escenario puede tener como máximo 5000 caracteres";

pub const MAX_NAME: usize = 200;
pub const MAX_PARTICIPANTS: i64 = 1000;
pub const MAX_TASKS: usize = 50;
pub const MAX_TASK_LEN: usize = 2000;
pub const MAX_SCENARIO_LEN: usize = 5000;
pub const MAX_URL_LEN: usize = 2048;

/// What the create form (or an API client) sent, before validation.
#[derive(Debug, Clone, Default)]
pub struct AnalysisInput {
    pub name: Option<String>,
    pub url: Option<String>,
    pub max_participants: Option<i64>,
    pub scenario: Option<String>,
    pub tasks: Option<Vec<String>>,
    /// 'off' | 'optional' | 'required'; missing keeps the current setting ('off' when new).
    pub camera: Option<String>,
}

/// A valid analysis, normalised: https:// added, empty tasks dropped, 'null' scenario removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidAnalysis {
    pub name: String,
    pub url: String,
    pub max_participants: i64,
    pub scenario: Option<String>,
    pub tasks: Vec<String>,
    /// The camera setting sent, if any (`None`: keep the current one; 'off' for a new analysis).
    pub camera: Option<&'static str>,
}

/// Validates a whole analysis; every problem is reported, in form order.
pub fn validate(input: &AnalysisInput) -> Result<ValidAnalysis, Vec<&'static str>> {
    let mut problems = Vec::new();
    // Lengths count the text as sent, before trimming: the OpenAPI document's `maxLength`.
    let sent_name = input.name.as_deref().unwrap_or("");
    let name = sent_name.trim().to_string();
    if name.is_empty() {
        problems.push(NAME_REQUIRED);
    } else if sent_name.chars().count() > MAX_NAME {
        problems.push(NAME_TOO_LONG);
    }
    let url = match normalize_url(input.url.as_deref().unwrap_or("")) {
        Ok(url) => url,
        Err(problem) => {
            problems.push(problem);
            String::new()
        }
    };
    let max_participants = input.max_participants.unwrap_or(0);
    if max_participants < 1 {
        problems.push(PARTICIPANTS_MIN);
    } else if max_participants > MAX_PARTICIPANTS {
        problems.push(PARTICIPANTS_MAX);
    }
    let scenario = normalize_scenario(input.scenario.as_deref());
    if input.scenario.as_ref().is_some_and(|s| s.chars().count() > MAX_SCENARIO_LEN) {
        problems.push(SCENARIO_TOO_LONG);
    }
    let sent_tasks = input.tasks.as_deref().unwrap_or_default();
    let tasks: Vec<String> = sent_tasks.iter().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
    if tasks.is_empty() {
        problems.push(TASKS_REQUIRED);
    } else if sent_tasks.len() > MAX_TASKS {
        problems.push(TASKS_TOO_MANY);
    } else if sent_tasks.iter().any(|t| t.chars().count() > MAX_TASK_LEN) {
        problems.push(TASK_TOO_LONG);
    }
    let camera = match input.camera.as_deref() {
        None => None,
        Some(value) => match crate::camera::setting(Some(value), crate::camera::OFF) {
            Ok(setting) => Some(setting),
            Err(problem) => {
                problems.push(problem);
                None
            }
        },
    };
    if problems.is_empty() {
        Ok(ValidAnalysis { name, url, max_participants, scenario, tasks, camera })
    } else {
        Err(problems)
    }
}

/// The form sends the string 'null' for an empty scenario (product §3); both mean "no scenario".
pub fn normalize_scenario(scenario: Option<&str>) -> Option<String> {
    scenario.map(str::trim).filter(|s| !s.is_empty() && *s != "null").map(str::to_string)
}

/// Checks product §5's URL shape (a domain, optional http(s):// and www) and adds https:// when
/// the scheme is missing.
/// The same rule is `patterns::WEB_ADDRESS` with `maxLength` [`MAX_URL_LEN`] (the value as sent).
/// Another scheme (`ftp://…`, `mailto:…`) fails the host check: its ':' is not a port's.
pub fn normalize_url(sent: &str) -> Result<String, &'static str> {
    let raw = sent.trim();
    if raw.is_empty() {
        return Err(URL_REQUIRED);
    }
    if sent.chars().count() > MAX_URL_LEN || raw.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(URL_INVALID);
    }
    let lower = raw.to_ascii_lowercase();
    let (with_scheme, rest) = if lower.starts_with("https://") {
        (raw.to_string(), &raw[8..])
    } else if lower.starts_with("http://") {
        (raw.to_string(), &raw[7..])
    } else {
        (format!("https://{raw}"), raw)
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) => host,
        Some(_) => return Err(URL_INVALID),
        None => authority,
    };
    let labels: Vec<&str> = host.split('.').collect();
    let valid_label = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let tld_ok = labels.last().is_some_and(|t| t.len() >= 2 && t.bytes().all(|b| b.is_ascii_alphabetic()));
    if labels.len() < 2 || !labels.iter().all(valid_label) || !tld_ok {
        return Err(URL_INVALID);
    }
    Ok(with_scheme)
}

/// Analysis statuses (product §3: published, completed; 'active' exists in old data only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Published,
    Completed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Published => "published",
            Status::Completed => "completed",
        }
    }

    pub fn parse(value: &str) -> Status {
        match value {
            "published" | "active" => Status::Published,
            _ => Status::Completed,
        }
    }
}

pub const FULL: &str =
    "El análisis ya tiene todas sus participaciones; aumenta el número de participantes para reabrirlo";
pub const BELOW_SUBMITTED: &str = "El número de participantes no puede ser menor que las participaciones ya recibidas";

/// Status after a submission or an edit: full analyses complete themselves.
pub fn status_for(current: Status, submitted: i64, max_participants: i64) -> Status {
    if submitted >= max_participants {
        Status::Completed
    } else {
        current
    }
}

/// Reopening is refused while the analysis is full.
pub fn reopen(submitted: i64, max_participants: i64) -> Result<Status, &'static str> {
    if submitted >= max_participants {
        Err(FULL)
    } else {
        Ok(Status::Published)
    }
}

/// The participant limit may grow or shrink, but never below what was already submitted.
pub fn check_new_max(new_max: i64, submitted: i64) -> Result<(), &'static str> {
    if new_max < submitted {
        Err(BELOW_SUBMITTED)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> AnalysisInput {
        AnalysisInput {
            name: Some("Checkout".into()),
            url: Some("tienda.example.com/carrito".into()),
            max_participants: Some(5),
            scenario: Some("null".into()),
            tasks: Some(vec!["Compra algo".into(), "  ".into(), "Paga".into()]),
            camera: None,
        }
    }

    #[test]
    fn the_camera_setting_is_checked() {
        assert_eq!(validate(&input()).unwrap().camera, None);
        let required = AnalysisInput { camera: Some("required".into()), ..input() };
        assert_eq!(validate(&required).unwrap().camera, Some("required"));
        let bad = AnalysisInput { camera: Some("sí".into()), ..input() };
        assert_eq!(validate(&bad).unwrap_err(), vec![crate::camera::CAMERA_INVALID]);
    }

    #[test]
    fn a_valid_analysis_is_normalised() {
        let valid = validate(&input()).unwrap();
        assert_eq!(valid.url, "https://tienda.example.com/carrito");
        assert_eq!(valid.scenario, None);
        assert_eq!(valid.tasks, vec!["Compra algo", "Paga"]);
    }

    #[test]
    fn every_problem_is_reported_with_the_spec_message() {
        let problems = validate(&AnalysisInput::default()).unwrap_err();
        assert_eq!(problems, vec![NAME_REQUIRED, URL_REQUIRED, PARTICIPANTS_MIN, TASKS_REQUIRED]);
        let only_blank_tasks = AnalysisInput { tasks: Some(vec!["".into(), " ".into()]), ..input() };
        assert_eq!(validate(&only_blank_tasks).unwrap_err(), vec![TASKS_REQUIRED]);
        let zero = AnalysisInput { max_participants: Some(0), ..input() };
        assert_eq!(validate(&zero).unwrap_err(), vec![PARTICIPANTS_MIN]);
    }

    #[test]
    fn urls_follow_the_domain_shape() {
        for ok in [
            "example.com",
            "www.example.com",
            "http://example.com",
            "HTTPS://Example.COM/a?b=c#d",
            "sub.example.co.uk:8080/x",
            "figma.com/proto/abc",
        ] {
            assert!(normalize_url(ok).is_ok(), "{ok}");
        }
        assert_eq!(normalize_url("http://example.com").unwrap(), "http://example.com");
        for bad in [
            "example",
            "ftp://example.com",
            "exa mple.com",
            "http://",
            "-a.com",
            "a.c0m",
            "javascript:alert(1)",
            "example.com:99999999",
        ] {
            assert_eq!(normalize_url(bad), Err(URL_INVALID), "{bad}");
        }
        assert_eq!(normalize_url("  "), Err(URL_REQUIRED));
    }

    #[test]
    fn limits_bound_sizes() {
        let long_name = AnalysisInput { name: Some("n".repeat(201)), ..input() };
        assert_eq!(validate(&long_name).unwrap_err(), vec![NAME_TOO_LONG]);
        let many = AnalysisInput { tasks: Some(vec!["t".into(); 51]), ..input() };
        assert_eq!(validate(&many).unwrap_err(), vec![TASKS_TOO_MANY]);
        let huge = AnalysisInput { max_participants: Some(1001), ..input() };
        assert_eq!(validate(&huge).unwrap_err(), vec![PARTICIPANTS_MAX]);
    }

    #[test]
    fn full_analyses_complete_and_cannot_reopen() {
        assert_eq!(status_for(Status::Published, 5, 5), Status::Completed);
        assert_eq!(status_for(Status::Published, 4, 5), Status::Published);
        assert_eq!(status_for(Status::Completed, 1, 5), Status::Completed);
        assert_eq!(reopen(5, 5), Err(FULL));
        assert_eq!(reopen(4, 5), Ok(Status::Published));
        assert_eq!(check_new_max(3, 4), Err(BELOW_SUBMITTED));
        assert_eq!(check_new_max(4, 4), Ok(()));
        assert_eq!(Status::parse("active"), Status::Published);
    }
}
