//! The wire under one live socket: its TCP stream, written from two places. The socket's
//! own task reads the page's messages and answers them through tungstenite; the socket's
//! shard writes live events as ready-made frames straight to the stream, with no
//! wake-up of the socket's task. Every write takes the subscriber's lock and leaves the
//! stream at a frame boundary: what the kernel does not take at once waits, in order,
//! in the outbox's `unsent` bytes, and every later write goes behind it.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};

use axum::body::Bytes;
use socket2::SockRef;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::{Outbox, Subscriber, QUEUE_LIMIT};

/// A text message as a server writes it: unmasked, in one frame. Made once per audience
/// and shared by every socket that receives it.
pub fn text_frame(payload: &[u8]) -> Bytes {
    let mut frame = Vec::with_capacity(payload.len() + 10);
    frame.push(0x81); // FIN, text
    match payload.len() {
        short @ 0..=125 => frame.push(short as u8),
        medium @ 126..=0xFFFF => {
            frame.push(126);
            frame.extend_from_slice(&(medium as u16).to_be_bytes());
        }
        long => {
            frame.push(127);
            frame.extend_from_slice(&(long as u64).to_be_bytes());
        }
    }
    frame.extend_from_slice(payload);
    Bytes::from(frame)
}

/// What became of frames handed to the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Put {
    /// The kernel took every byte.
    Sent,
    /// Some wait in `unsent`: the socket's task must be woken to write them when the
    /// stream can take more.
    Waiting,
    /// They wait behind bytes already waiting (the task is already on it).
    Behind,
    /// Too much already waits: the socket cannot keep up.
    TooSlow,
}

/// The most frames written in one call.
const MAX_SLICES: usize = 16;

/// Never block, and a peer gone is an error, not a signal.
const SEND_FLAGS: libc::c_int = libc::MSG_DONTWAIT | libc::MSG_NOSIGNAL;

impl Subscriber {
    /// Writes `frames`, in order, behind whatever waits. Called with the outbox locked.
    pub(super) fn put(&self, out: &mut Outbox, frames: &[&Bytes]) -> Put {
        if frames.is_empty() {
            return Put::Sent;
        }
        if !out.unsent.is_empty() {
            if out.unsent.len() + frames.len() > QUEUE_LIMIT {
                return Put::TooSlow;
            }
            out.unsent
                .extend(frames.iter().map(|frame| (*frame).clone()));
            return Put::Behind;
        }
        let mut first = 0;
        while first < frames.len() {
            let end = frames.len().min(first + MAX_SLICES);
            // Straight to the kernel, past tokio's readiness: a refused write is rare,
            // and the task's own write after it (`poll_drain`) meets the full buffer
            // itself and waits for room the usual way.
            let socket = SockRef::from(&self.stream);
            let result = if end - first == 1 {
                socket.send_with_flags(frames[first], SEND_FLAGS)
            } else {
                let mut slices = [IoSlice::new(&[]); MAX_SLICES];
                for (slice, frame) in slices.iter_mut().zip(&frames[first..end]) {
                    *slice = IoSlice::new(frame);
                }
                socket.send_vectored_with_flags(&slices[..end - first], SEND_FLAGS)
            };
            // An error means full, or the peer is gone: the socket's task finds out which.
            let mut taken: usize = result.unwrap_or_default();
            while first < end && taken >= frames[first].len() {
                taken -= frames[first].len();
                first += 1;
            }
            if first < end {
                // The kernel stopped inside (or before) this frame: the rest waits.
                out.unsent.push_back(frames[first].slice(taken..));
                out.unsent
                    .extend(frames[first + 1..].iter().map(|frame| (*frame).clone()));
                return Put::Waiting;
            }
        }
        Put::Sent
    }

    /// Writes what waits in `unsent`; ready once all of it is written.
    pub(super) fn poll_drain(&self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        loop {
            {
                let mut out = self.outbox();
                while let Some(front) = out.unsent.front_mut() {
                    match self.stream.try_write(front) {
                        Ok(taken) if taken == front.len() => {
                            out.unsent.pop_front();
                        }
                        Ok(taken) => *front = front.slice(taken..),
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                        Err(e) => return Poll::Ready(Err(e)),
                    }
                }
                if out.unsent.is_empty() {
                    if out.unsent.capacity() > 64 {
                        // A burst is over: give its memory back.
                        out.unsent = Default::default();
                    }
                    return Poll::Ready(Ok(()));
                }
            }
            ready!(self.stream.poll_write_ready(cx))?;
        }
    }

    /// Waits until everything in `unsent` is written.
    pub async fn drain(&self) -> io::Result<()> {
        std::future::poll_fn(|cx| self.poll_drain(cx)).await
    }
}

/// The stream tungstenite reads and writes: the socket's half of the wire.
pub struct Conn(pub Arc<Subscriber>);

impl AsyncRead for Conn {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let stream = &self.0.stream;
        loop {
            ready!(stream.poll_read_ready(cx))?;
            match stream.try_read(buf.initialize_unfilled()) {
                Ok(read) => {
                    buf.advance(read);
                    return Poll::Ready(Ok(()));
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
                Err(e) => return Poll::Ready(Err(e)),
            }
        }
    }
}

impl AsyncWrite for Conn {
    /// Takes the whole of `buf` — tungstenite's whole frames — or none of it, so the
    /// shard never writes into the middle of a reply.
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let me = &self.0;
        loop {
            {
                let mut out = me.outbox();
                // Replies wait for room like events do; past the limit the page's
                // messages wait too (the task stops reading until the page reads).
                if out.unsent.is_empty() {
                    // An error (the peer is gone) shows at the next read or flush.
                    let taken = me.stream.try_write(buf).unwrap_or(0);
                    if taken < buf.len() {
                        out.unsent.push_back(Bytes::copy_from_slice(&buf[taken..]));
                    }
                    return Poll::Ready(Ok(buf.len()));
                }
                if out.unsent.len() < QUEUE_LIMIT {
                    out.unsent.push_back(Bytes::copy_from_slice(buf));
                    return Poll::Ready(Ok(buf.len()));
                }
            }
            ready!(me.poll_drain(cx))?;
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.0.poll_drain(cx)
    }

    /// The stream closes when the socket is dropped; a shard may still hold it for the
    /// rest of a delivery round.
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.0.poll_drain(cx)
    }
}

#[cfg(test)]
mod tests {
    use futures_util::{SinkExt, StreamExt};
    use tokio::net::TcpSocket;
    use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::WebSocketStream;

    use super::*;
    use crate::live::testing::open_socket;

    #[test]
    fn a_frame_says_its_length_the_way_each_size_needs() {
        for (length, header) in [
            (0, vec![0x81, 0]),
            (125, vec![0x81, 125]),
            (126, vec![0x81, 126, 0, 126]),
            (65_535, vec![0x81, 126, 0xFF, 0xFF]),
            (65_536, vec![0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]),
        ] {
            let payload = vec![b'x'; length];
            let frame = text_frame(&payload);
            assert_eq!(frame[..header.len()], header[..], "{length} bytes");
            assert_eq!(&frame[header.len()..], &payload[..], "{length} bytes");
        }
    }

    /// Frames the shard writes and replies tungstenite writes share one stream: while
    /// the peer reads nothing the kernel stops taking bytes part-way through frames, and
    /// still every message arrives whole and in order once it reads.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn events_and_replies_arrive_whole_and_in_order_through_a_full_socket() {
        // A small window, so the kernel soon stops taking bytes.
        let peer = TcpSocket::new_v4().expect("socket");
        peer.set_recv_buffer_size(4096).expect("small window");
        let (_hub, me, peer) = open_socket(peer).await;
        let config = WebSocketConfig::default().write_buffer_size(0);
        let mut server =
            WebSocketStream::from_raw_socket(Conn(me.clone()), Role::Server, Some(config)).await;
        let body = "b".repeat(12_000);
        let mut waited = false;
        for i in 0..480 {
            let text = format!("{i} {body}");
            if i % 4 == 0 {
                server
                    .feed(Message::Text(text.into()))
                    .await
                    .expect("a reply is taken");
            } else {
                let frame = text_frame(text.as_bytes());
                let put = me.put(&mut me.outbox(), &[&frame]);
                assert_ne!(put, Put::TooSlow, "message {i}");
                waited |= put != Put::Sent;
            }
        }
        assert!(
            waited,
            "the kernel stopped taking bytes before the peer read"
        );
        assert!(!me.outbox().unsent.is_empty());
        let drained = tokio::spawn({
            let me = me.clone();
            async move { me.drain().await }
        });
        let mut peer = WebSocketStream::from_raw_socket(peer, Role::Client, None).await;
        for i in 0..480 {
            let message = peer.next().await.expect("open").expect("a whole frame");
            assert_eq!(message, Message::Text(format!("{i} {body}").into()));
        }
        drained.await.expect("drain task").expect("drained");
        assert!(me.outbox().unsent.is_empty());
    }
}
