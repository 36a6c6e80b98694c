//! The seccomp filter every run under bubblewrap gets: the kernel's keyring calls
//! (`add_key`, `request_key`, `keyctl`) and new user namespaces (`unshare` or `clone`
//! with `CLONE_NEWUSER`) fail with `EPERM`, and `clone3` with `ENOSYS`.
//!
//! Why the keyrings: a user's kernel keyring belongs to the user id, not to a process or
//! a mount namespace, and it outlives them. Graded programs run as the same few user ids
//! grading after grading, so without this filter a program could store its outputs in
//! its keyring and the next student's program, running as the same id, could read them.
//!
//! Why the user namespaces: in a namespace of its own a program is root again (`unshare
//! -r`), with the kernel's mount, network and file system code open to it, the surface
//! that container runtimes keep closed and that most of the kernel's privilege
//! escalations of recent years went through. `clone3` passes its flags in memory, where
//! a seccomp filter cannot read them: it is refused as unknown (`ENOSYS`), and the C
//! library then starts its threads and processes with `clone`, whose flags the filter
//! reads (Docker's default profile does the same).
//!
//! Nothing a course's program does needs either (Docker's default profile blocks the
//! same calls). Bubblewrap loads the filter (`bwrap --seccomp FD`) before the program
//! starts; it holds for every process the program starts.
//!
//! The filter is a classic BPF program in the layout the kernel reads (`struct
//! sock_filter`: a 16-bit code, two 8-bit jumps, a 32-bit operand, native byte order),
//! written here because it is a score of instructions: check the architecture, refuse
//! the x32 system call numbers, refuse the keyring calls and `clone3`, look at the flags
//! of `unshare` and `clone`, allow the rest.

/// `struct seccomp_data`: where the system call number, the architecture and the low
/// half of the first argument are.
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0_LOW: u32 = if cfg!(target_endian = "little") {
    16
} else {
    20
};

const LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET_K: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RET_K: u16 = 0x06; // BPF_RET | BPF_K

const ALLOW: u32 = 0x7fff_0000; // SECCOMP_RET_ALLOW
const EPERM: u32 = 0x0005_0000 | 1; // SECCOMP_RET_ERRNO | EPERM
const ENOSYS: u32 = 0x0005_0000 | 38; // SECCOMP_RET_ERRNO | ENOSYS
/// On x86-64 the x32 ABI's calls carry this bit; none of them is allowed here.
const X32_BIT: u32 = 0x4000_0000;
/// `clone`'s and `unshare`'s flag for a new user namespace.
const CLONE_NEWUSER: u32 = 0x1000_0000;

/// One architecture's audit number and the system call numbers the filter looks at.
struct Calls {
    arch: u32,
    /// `add_key`; `request_key` and `keyctl` follow it on both architectures.
    add_key: u32,
    clone: u32,
    clone3: u32,
    unshare: u32,
}

/// This machine's numbers, or `None` where no filter is known.
fn calls() -> Option<Calls> {
    match std::env::consts::ARCH {
        "x86_64" => Some(Calls {
            arch: 0xc000_003e, // AUDIT_ARCH_X86_64
            add_key: 248,
            clone: 56,
            clone3: 435,
            unshare: 272,
        }),
        "aarch64" => Some(Calls {
            arch: 0xc000_00b7, // AUDIT_ARCH_AARCH64
            add_key: 217,
            clone: 220,
            clone3: 435,
            unshare: 97,
        }),
        _ => None,
    }
}

/// Where a jump goes: one of the filter's ends, or the check of the flags.
#[derive(Clone, Copy, PartialEq)]
enum To {
    Next,
    Flags,
    Allow,
    Deny,
    NoSuchCall,
}

/// The filter's bytes for this machine, or `None` where its architecture has none (the
/// report then says that keyrings and user namespaces are not isolated).
pub fn sandbox_filter() -> Option<Vec<u8>> {
    let calls = calls()?;
    let x86 = std::env::consts::ARCH == "x86_64";
    // (code, where to if true, where to if false, operand), jumps by label; the labels
    // are the last five instructions, in the order of `ends`.
    let mut program: Vec<(u16, To, To, u32)> = vec![
        (LD_W_ABS, To::Next, To::Next, ARCH),
        // Another architecture (a 32-bit call on a 64-bit kernel): refused outright.
        (JEQ_K, To::Next, To::Deny, calls.arch),
        (LD_W_ABS, To::Next, To::Next, NR),
    ];
    if x86 {
        program.push((JGE_K, To::Deny, To::Next, X32_BIT));
    }
    program.extend([
        (JEQ_K, To::Deny, To::Next, calls.add_key),
        (JEQ_K, To::Deny, To::Next, calls.add_key + 1),
        (JEQ_K, To::Deny, To::Next, calls.add_key + 2),
        (JEQ_K, To::NoSuchCall, To::Next, calls.clone3),
        (JEQ_K, To::Flags, To::Next, calls.unshare),
        (JEQ_K, To::Flags, To::Allow, calls.clone),
    ]);
    let ends = [
        // Flags: a new user namespace is refused, anything else allowed.
        (To::Flags, (LD_W_ABS, To::Next, To::Next, ARG0_LOW)),
        (To::Next, (JSET_K, To::Deny, To::Allow, CLONE_NEWUSER)),
        (To::Allow, (RET_K, To::Next, To::Next, ALLOW)),
        (To::Deny, (RET_K, To::Next, To::Next, EPERM)),
        (To::NoSuchCall, (RET_K, To::Next, To::Next, ENOSYS)),
    ];
    let first_end = program.len();
    program.extend(ends.iter().map(|(_, insn)| *insn));
    let at = |label: To| {
        ends.iter()
            .position(|(l, _)| *l == label)
            .map(|i| first_end + i)
    };
    let mut bytes = Vec::with_capacity(program.len() * 8);
    for (i, (code, yes, no, k)) in program.into_iter().enumerate() {
        // A jump counts the instructions it skips; `Next` skips none.
        let offset = |to: To| match to {
            To::Next => Some(0),
            label => at(label).and_then(|target| u8::try_from(target - i - 1).ok()),
        };
        bytes.extend_from_slice(&code.to_ne_bytes());
        bytes.push(offset(yes)?);
        bytes.push(offset(no)?);
        bytes.extend_from_slice(&k.to_ne_bytes());
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every jump goes forward and lands inside the program, and the program ends in a
    /// return: a filter the kernel would refuse would make every sandboxed run fail to
    /// start.
    #[test]
    fn the_jumps_stay_inside_the_program() {
        let Some(bytes) = sandbox_filter() else {
            return;
        };
        let count = bytes.len() / 8;
        for (i, insn) in bytes.chunks(8).enumerate() {
            let code = u16::from_ne_bytes([insn[0], insn[1]]);
            if code & 0x07 == 0x05 {
                assert!(i + 1 + usize::from(insn[2]) < count, "instruction {i}");
                assert!(i + 1 + usize::from(insn[3]) < count, "instruction {i}");
            }
        }
        let last = u16::from_ne_bytes([bytes[bytes.len() - 8], bytes[bytes.len() - 7]]);
        assert_eq!(last, RET_K);
    }

    /// The filter run by hand (a small interpreter of the four instructions it uses) on
    /// system calls whose answers are known: the kernel's own reading, checked here
    /// without a kernel.
    #[test]
    fn it_refuses_what_it_should_and_nothing_else() {
        let (Some(bytes), Some(calls)) = (sandbox_filter(), calls()) else {
            return;
        };
        let run = |arch: u32, nr: u32, arg0: u32| -> u32 {
            let mut acc = 0u32;
            let mut pc = 0usize;
            loop {
                let insn = &bytes[pc * 8..pc * 8 + 8];
                let code = u16::from_ne_bytes([insn[0], insn[1]]);
                let (jt, jf) = (usize::from(insn[2]), usize::from(insn[3]));
                let k = u32::from_ne_bytes([insn[4], insn[5], insn[6], insn[7]]);
                let jump = |yes: bool| pc + 1 + if yes { jt } else { jf };
                pc = match code {
                    LD_W_ABS => {
                        acc = match k {
                            NR => nr,
                            ARCH => arch,
                            ARG0_LOW => arg0,
                            other => panic!("loads offset {other}"),
                        };
                        pc + 1
                    }
                    JEQ_K => jump(acc == k),
                    JGE_K => jump(acc >= k),
                    JSET_K => jump(acc & k != 0),
                    RET_K => return k,
                    other => panic!("unknown instruction {other:#x}"),
                };
            }
        };
        let a = calls.arch;
        assert_eq!(run(a, 0, 0), ALLOW, "read");
        assert_eq!(run(a, calls.add_key, 0), EPERM);
        assert_eq!(run(a, calls.add_key + 2, 0), EPERM, "keyctl");
        assert_eq!(run(a, calls.add_key + 3, 0), ALLOW, "the call after keyctl");
        assert_eq!(run(a, calls.clone3, 0), ENOSYS);
        // CLONE_NEWNS | CLONE_NEWUSER, as `unshare -r` asks; a thread's flags.
        assert_eq!(run(a, calls.unshare, 0x1002_0000), EPERM);
        assert_eq!(run(a, calls.unshare, 0x0002_0000), ALLOW);
        assert_eq!(run(a, calls.clone, 0x1000_0011), EPERM);
        assert_eq!(run(a, calls.clone, 0x003d_0f00), ALLOW, "pthread_create");
        assert_eq!(run(0x4000_0003, 0, 0), EPERM, "i386");
    }
}
