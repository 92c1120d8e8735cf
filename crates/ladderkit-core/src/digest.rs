//! FNV-1a, 64 bits: the fingerprint of a variant, of a game log and of a
//! simulation part. It catches a file edited by hand, copied under another
//! name or damaged; anyone can recompute it, so it is not a signature
//! (docs/security.md).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self
    }

    pub fn value(&self) -> u64 {
        self.0
    }

    /// The value as 16 hex digits, as files carry it.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Fnv;

    #[test]
    fn matches_the_published_fnv1a_64_vectors() {
        assert_eq!(Fnv::default().value(), 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fnv::default().bytes(b"a").value(), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(Fnv::default().bytes(b"foo").value(), 0xdcb2_7518_fed9_d577);
        assert_eq!(Fnv::default().bytes(b"fo").bytes(b"o").hex(), "dcb27518fed9d577");
    }
}
