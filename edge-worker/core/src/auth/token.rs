//! Opaque bearer tokens (sessions, password resets): random bytes shown once to the user, stored
//! only as a keyed hash so a database leak yields nothing usable.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Encodes 32 random bytes as the token handed to the user (43 URL-safe characters).
pub fn encode(random: &[u8; 32]) -> String {
    URL_SAFE_NO_PAD.encode(random)
}

/// True when `token` has the shape [`encode`] produces; anything else is refused before hashing.
pub fn is_well_formed(token: &str) -> bool {
    token.len() == 43 && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// HMAC-SHA256 of the token under the server's pepper, hex-encoded: what the database stores.
pub fn storage_hash(pepper: &[u8], token: &str) -> String {
    hex(&hmac_sha256(pepper, token.as_bytes()))
}

/// Raw HMAC-SHA256; also used to sign URLs.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    // HMAC accepts keys of any length, so this cannot fail; fall back to an empty MAC regardless.
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(key) else {
        return [0u8; 32];
    };
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_43_url_safe_characters() {
        let token = encode(&[0xffu8; 32]);
        assert_eq!(token.len(), 43);
        assert!(is_well_formed(&token));
        assert!(!is_well_formed("short"));
        assert!(!is_well_formed(&format!("{}=", &token[..42])));
    }

    #[test]
    fn storage_hash_depends_on_the_pepper() {
        let token = encode(&[1u8; 32]);
        assert_eq!(storage_hash(b"pepper", &token), storage_hash(b"pepper", &token));
        assert_ne!(storage_hash(b"pepper", &token), storage_hash(b"other", &token));
        assert_eq!(storage_hash(b"pepper", &token).len(), 64);
    }

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(hex(&mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }
}
