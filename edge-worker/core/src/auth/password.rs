//! Password policy and hashing: argon2id at an OWASP setting, stored as a PHC string so the
//! parameters can be raised later without breaking old hashes.
//!
//! Memory under concurrent logins: hashing is one synchronous call with no await inside, and an
//! isolate runs one JavaScript thread, so concurrent requests in an isolate hash one after the
//! other. Its 19 MiB block is freed and reused, so the isolate's memory peaks at one block over
//! the baseline (the 128 MB limit is far away); concurrency costs waiting time instead, about
//! the CPU time `npm run bench:password` prints per login.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// OWASP's argon2id setting: m = 19 MiB, t = 2, p = 1.
pub const MEMORY_KIB: u32 = 19 * 1024;
pub const ITERATIONS: u32 = 2;
pub const PARALLELISM: u32 = 1;

pub const MIN_LEN: usize = 8;
/// Long passphrases are welcome; the cap only bounds hashing work.
pub const MAX_LEN: usize = 128;

/// The most common passwords of at least 8 characters, from public breach lists; refused outright.
const COMMON: &[&str] = &[
    "12345678",
    "123456789",
    "1234567890",
    "password",
    "password1",
    "password123",
    "qwertyuiop",
    "qwerty123",
    "11111111",
    "00000000",
    "iloveyou",
    "abc12345",
    "abcd1234",
    "1q2w3e4r",
    "1qaz2wsx",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "welcome1",
    "admin123",
    "letmein1",
    "trustno1",
    "superman",
    "starwars",
    "dragon12",
    "master12",
    "zaq12wsx",
    "qwertyui",
    "asdfghjk",
    "asdfasdf",
    "87654321",
    "12341234",
    "11223344",
    "passw0rd",
    "contraseña",
    "contrasena",
    "123456789a",
    "q1w2e3r4",
    "michael1",
    "jennifer",
    "computer",
    "whatever",
    "internet",
    "samsung1",
    "changeme",
    "lupalupa",
    "usuario1",
    "holahola",
    "barcelona",
    "madrid123",
];

/// Why a new password was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PolicyError {
    TooShort,
    TooLong,
    TooCommon,
}

impl PolicyError {
    /// The message shown to the user.
    pub fn message(self) -> &'static str {
        match self {
            PolicyError::TooShort => "La contraseña debe tener al menos 8 caracteres",
            PolicyError::TooLong => "La contraseña no puede tener más de 128 caracteres",
            PolicyError::TooCommon => "Esa contraseña es demasiado común; elige otra",
        }
    }
}

/// Checks a new password against the policy (length in characters, common-password list).
pub fn check_policy(password: &str) -> Result<(), PolicyError> {
    let len = password.chars().count();
    if len < MIN_LEN {
        return Err(PolicyError::TooShort);
    }
    if len > MAX_LEN {
        return Err(PolicyError::TooLong);
    }
    // ASCII case only, so the OpenAPI document can state the same rule (`common_pattern`).
    let lowered = password.to_ascii_lowercase();
    if COMMON.contains(&lowered.as_str()) || lowered.chars().all(|c| c == lowered.chars().next().unwrap_or(' ')) {
        return Err(PolicyError::TooCommon);
    }
    Ok(())
}

/// The passwords [`check_policy`] refuses as too common, as a JSON Schema pattern (ECMA-262): one
/// of the list in any ASCII case, or one character repeated (ASCII letters in either case).
pub fn common_pattern() -> String {
    let any_case = |word: &str| -> String {
        word.chars()
            .map(|c| {
                if c.is_ascii_alphabetic() {
                    format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
                } else {
                    regex_escape(c)
                }
            })
            .collect()
    };
    let letters = ('a'..='z').map(|c| format!("[{c}{}]+", c.to_ascii_uppercase()));
    let words = COMMON.iter().map(|w| any_case(w));
    let alternatives: Vec<String> = std::iter::once(r"([\s\S])\1*".to_string()).chain(letters).chain(words).collect();
    format!("^(?:{})$", alternatives.join("|"))
}

fn regex_escape(c: char) -> String {
    if r"\^$.|?*+()[]{}/-".contains(c) {
        format!("\\{c}")
    } else {
        c.to_string()
    }
}

fn hasher() -> Result<Argon2<'static>, String> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None).map_err(|e| e.to_string())?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Hashes `password` with a caller-supplied 16-byte random salt (the caller owns randomness, so
/// this crate stays free of platform RNG backends). Returns the PHC string.
pub fn hash(password: &str, salt: &[u8; 16]) -> Result<String, String> {
    let salt = SaltString::encode_b64(salt).map_err(|e| e.to_string())?;
    let hash = hasher()?.hash_password(password.as_bytes(), &salt).map_err(|e| e.to_string())?;
    Ok(hash.to_string())
}

/// True when `password` matches the PHC string. Parameters are read from the string itself.
pub fn verify(password: &str, phc: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
}

/// A valid hash of a random password, verified against when an account does not exist so that
/// login takes the same time either way (no account enumeration by timing).
pub const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$bHVwYWR1bW15c2FsdDAx$Wm8mfEzAFUuZ6l9bVpkp0cyEYWCEiXrE4fM/1VQtfEw";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_phc_strings_that_verify() {
        let phc = hash("correct horse battery", &[7u8; 16]).unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("correct horse battery", &phc));
        assert!(!verify("correct horse batterY", &phc));
    }

    #[test]
    fn salts_make_hashes_differ() {
        assert_ne!(hash("same password", &[1u8; 16]).unwrap(), hash("same password", &[2u8; 16]).unwrap());
    }

    #[test]
    fn garbage_hashes_never_verify() {
        assert!(!verify("x", "not a phc string"));
        assert!(!verify("x", ""));
    }

    #[test]
    fn the_dummy_hash_is_well_formed() {
        assert!(PasswordHash::new(DUMMY_HASH).is_ok());
        assert!(!verify("", DUMMY_HASH));
    }

    #[test]
    fn policy_counts_characters_and_refuses_common_passwords() {
        assert_eq!(check_policy("short"), Err(PolicyError::TooShort));
        assert_eq!(check_policy("ñandúñandú"), Ok(()));
        assert_eq!(check_policy(&"x".repeat(129)), Err(PolicyError::TooLong));
        assert_eq!(check_policy("Password123"), Err(PolicyError::TooCommon));
        assert_eq!(check_policy("aaaaaaaaaa"), Err(PolicyError::TooCommon));
        assert_eq!(check_policy(&"long passphrase ".repeat(4)), Ok(()));
    }
}
