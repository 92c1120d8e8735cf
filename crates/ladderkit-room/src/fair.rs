//! Dice no one page chooses. Before a game the host commits to a secret
//! (`commitment`); the seated people, who cannot know the secret, send
//! nonces; the host then reveals the secret, and the seed is the hash of
//! the secret and the nonces (`seed`). Every page checks the secret
//! against the commitment before the first roll, so the host cannot pick
//! the seed after hearing the nonces, and no person can pick it without
//! the secret.
//!
//! What it does not hide: once the game begins, every page knows the seed,
//! so a page could show the dice ahead of time. Everyone knows the same,
//! and the roll order is fixed, so no seat gains on another; hiding them
//! would take a commitment and a reveal at every roll.

/// 32 bytes of a page's own entropy, secret, or nonce.
pub type Bytes32 = [u8; 32];

const COMMIT: &str = "ladderkit room 2026 commitment";
const SECRET: &str = "ladderkit room 2026 secret";
const NONCE: &str = "ladderkit room 2026 nonce";
const SEED: &str = "ladderkit room 2026 seed";

/// The host's secret for game `game`, from its entropy.
pub fn secret(entropy: &Bytes32, game: u64) -> Bytes32 {
    derive(SECRET, entropy, game)
}

/// A guest's nonce for game `game`, from its entropy.
pub fn nonce(entropy: &Bytes32, game: u64) -> Bytes32 {
    derive(NONCE, entropy, game)
}

fn derive(context: &str, entropy: &Bytes32, game: u64) -> Bytes32 {
    let mut h = blake3::Hasher::new_derive_key(context);
    h.update(entropy).update(&game.to_le_bytes());
    *h.finalize().as_bytes()
}

/// What the host announces before the nonces.
pub fn commitment(secret: &Bytes32) -> Bytes32 {
    blake3::derive_key(COMMIT, secret)
}

/// The game's seed: the secret and the nonces, in the order announced.
pub fn seed(secret: &Bytes32, nonces: &[Bytes32]) -> u64 {
    let mut h = blake3::Hasher::new_derive_key(SEED);
    h.update(secret);
    nonces.iter().for_each(|n| {
        h.update(n);
    });
    let bytes = h.finalize();
    u64::from_le_bytes(bytes.as_bytes()[..8].try_into().expect("eight of thirty-two bytes"))
}

pub fn hex(bytes: &Bytes32) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 hex digits back to bytes.
pub fn from_hex(text: &str) -> Option<Bytes32> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_follows_every_nonce_and_the_commitment_binds_the_secret() {
        let s = secret(&[7; 32], 0);
        let (a, b) = (nonce(&[1; 32], 0), nonce(&[2; 32], 0));
        assert_ne!(seed(&s, &[a, b]), seed(&s, &[a]));
        assert_ne!(seed(&s, &[a, b]), seed(&s, &[b, a]));
        assert_ne!(seed(&s, &[a]), seed(&secret(&[7; 32], 1), &[a]), "another game, another secret");
        assert_ne!(commitment(&s), commitment(&secret(&[8; 32], 0)));
        assert_ne!(commitment(&s), s, "the commitment does not give the secret away");
        assert_eq!(from_hex(&hex(&s)), Some(s));
        assert_eq!(from_hex("zz"), None);
        assert_eq!(from_hex(&"g".repeat(64)), None);
    }
}
