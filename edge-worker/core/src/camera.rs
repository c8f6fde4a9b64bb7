//! The participant's camera (ADR 0008): the analysis setting, and when a camera file starts.
//! The tracks themselves are `recording::Track`.
//!
//! A segment is one capture of the participation; it has a screen file (screen video and the
//! microphone) and, when the analysis records the camera and the participant allowed it, a camera
//! file with the same segment number. The camera is recorded as its own small stream so the
//! screen file stays as it was, and a camera that stops (optional camera) ends only its own file.

use crate::error_code::Fixed;

/// The analysis setting's values, as stored and sent.
pub const OFF: &str = "off";
pub const OPTIONAL: &str = "optional";
pub const REQUIRED: &str = "required";

pub const CAMERA_INVALID: &str = "Por favor, elige una opción de cámara válida: 'off', 'optional' o 'required'";

/// The setting sent by the create/edit form: `None` keeps what there is (`current`), which is
/// 'off' for a new analysis. Any other text is refused.
pub fn setting(value: Option<&str>, current: &'static str) -> Result<&'static str, &'static str> {
    // Exactly one of the three (the OpenAPI document's enum), as the forms send them.
    match value {
        None => Ok(current),
        Some(OFF) => Ok(OFF),
        Some(OPTIONAL) => Ok(OPTIONAL),
        Some(REQUIRED) => Ok(REQUIRED),
        Some(_) => Err(CAMERA_INVALID),
    }
}

/// A stored setting; anything unexpected reads as off (the column's CHECK allows only the three).
pub fn stored(value: &str) -> &'static str {
    match value {
        OPTIONAL => OPTIONAL,
        REQUIRED => REQUIRED,
        _ => OFF,
    }
}

/// Whether a camera track may be opened for an analysis with this setting.
pub fn records_camera(setting: &str) -> bool {
    matches!(stored(setting), OPTIONAL | REQUIRED)
}

/// The `x-lupa-start-ms` of a camera (or audio) chunk: where its file starts on its segment's
/// screen file. Missing is 0 (the files then play as if started together); an hour caps a bogus
/// value; anything but a whole number from 0 is refused (as the OpenAPI document says).
pub fn start_ms(header: Option<&str>) -> Result<i64, Fixed> {
    match header {
        None => Ok(0),
        Some(v) => {
            v.trim().parse::<i64>().ok().filter(|v| *v >= 0).map(|v| v.min(60 * 60 * 1000)).ok_or(Fixed::BadChunkStart)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_defaults_to_what_there_is_and_refuses_other_values() {
        assert_eq!(setting(None, OFF), Ok(OFF));
        assert_eq!(setting(None, REQUIRED), Ok(REQUIRED));
        assert_eq!(setting(Some("optional"), OFF), Ok(OPTIONAL));
        for bad in ["", "on", "Required", "true", "obligatoria", " required "] {
            assert_eq!(setting(Some(bad), OFF), Err(CAMERA_INVALID), "{bad}");
        }
        assert_eq!(stored("weird"), OFF);
        assert!(records_camera("optional") && records_camera("required") && !records_camera("off"));
    }

    #[test]
    fn the_camera_start_is_bounded() {
        assert_eq!(start_ms(None), Ok(0));
        assert_eq!(start_ms(Some("x")), Err(Fixed::BadChunkStart));
        assert_eq!(start_ms(Some("-5")), Err(Fixed::BadChunkStart));
        assert_eq!(start_ms(Some(" 240 ")), Ok(240));
        assert_eq!(start_ms(Some("99999999999")), Ok(3_600_000));
    }
}
