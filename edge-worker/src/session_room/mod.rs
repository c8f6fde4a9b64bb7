//! `SessionRoom`: one Durable Object per moderated session (ADR 0024), the signalling channel of
//! its browser-to-browser WebRTC call and the team's backchannel. The worker checks who joins
//! (`moderated::room`, `moderated::link`) and forwards the WebSocket upgrade with their role and
//! name; the object keeps the sockets with the hibernation API (an idle room costs nothing),
//! tells each peer only of those it may know of (the participant only of the moderator), relays
//! signals on the allowed pairs, keeps the backchannel and the current task in its SQLite for
//! late joiners (`store.rs`), and closes sockets when the session is deleted or a member's access
//! ends. The rules are `lupa_core::moderated::room`'s; this is their thin shell.

mod messages;
mod peers;
mod store;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use base64::Engine;
use lupa_api_types::RoomServerMessage;
use lupa_core::moderated::room::{told_of, visible_to, Budget, RoomRefusal, RoomRole, MAX_OBSERVERS};
use serde::Deserialize;
use worker::{
    durable_object, DurableObject, Env, Request, Response, Result, State, WebSocket, WebSocketIncomingMessage,
    WebSocketPair,
};

use crate::error::{ApiError, ApiResult};
use crate::platform::clock::system_now;
use crate::platform::config::Config;
use peers::{PeerInfo, LOGIN_TAG, USER_TAG};
use store::Store;

/// Close codes (ours are 4000–4999): a newer socket of the same participant or moderator took
/// this one's place; the member may no longer be here; the session was deleted.
const REPLACED: u16 = 4000;
const REVOKED: u16 = 4403;
const DELETED: u16 = 4404;

/// A call from the worker (`moderated::room::RoomCall`).
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[allow(non_snake_case)]
enum RoomCall {
    Close,
    Recheck { sessionHash: Option<String>, userId: Option<String> },
}

#[durable_object]
pub struct SessionRoom {
    state: State,
    env: Env,
    /// This instance has run the schema.
    schema_ready: Cell<bool>,
    /// Each socket's message budget, by peer id. In memory: after hibernation a socket starts
    /// with a full budget again, which costs nothing worth guarding.
    budgets: RefCell<HashMap<String, Budget>>,
}

impl DurableObject for SessionRoom {
    fn new(state: State, env: Env) -> Self {
        Self { state, env, schema_ready: Cell::new(false), budgets: RefCell::new(HashMap::new()) }
    }

    async fn fetch(&self, mut req: Request) -> Result<Response> {
        let outcome = if req.headers().get("upgrade")?.is_some_and(|v| v.eq_ignore_ascii_case("websocket")) {
            self.join(&req)
        } else {
            match req.json::<RoomCall>().await {
                Ok(call) => self.call(call).await,
                Err(err) => return Response::error(format!("bad call: {err}"), 400),
            }
        };
        outcome.or_else(|err| {
            crate::platform::log::error("-", "(session-room)", err.source.as_deref().unwrap_or(&err.message));
            Response::error("session room failure", 500)
        })
    }

    async fn websocket_message(&self, ws: WebSocket, message: WebSocketIncomingMessage) -> Result<()> {
        let Some(from) = PeerInfo::of(&ws).filter(|info| !info.gone) else { return Ok(()) };
        let now = system_now();
        let allowed =
            self.budgets.borrow_mut().entry(from.peer_id.clone()).or_insert_with(|| Budget::new(now)).take(now);
        if !allowed {
            messages::refuse(&ws, RoomRefusal::RateLimited);
            return Ok(());
        }
        let WebSocketIncomingMessage::String(text) = message else {
            messages::refuse(&ws, RoomRefusal::Malformed);
            return Ok(());
        };
        let room = peers::live(&self.state);
        if let Err(err) = self.store().and_then(|store| messages::handle(&ws, &from, &text, &room, &store, now)) {
            crate::platform::log::error("-", "(session-room)", err.source.as_deref().unwrap_or(&err.message));
        }
        Ok(())
    }

    async fn websocket_close(&self, ws: WebSocket, _code: usize, _reason: String, _was_clean: bool) -> Result<()> {
        self.leave(&ws);
        Ok(())
    }

    async fn websocket_error(&self, ws: WebSocket, _error: worker::Error) -> Result<()> {
        self.leave(&ws);
        Ok(())
    }
}

impl SessionRoom {
    fn store(&self) -> ApiResult<Store> {
        let store = Store::new(self.state.storage().sql(), !self.schema_ready.get())?;
        self.schema_ready.set(true);
        Ok(store)
    }

    /// A new socket (the worker checked who it is): the same role's older socket is replaced for
    /// the participant and the moderator (a reopened tab); an eleventh observer is refused (429).
    fn join(&self, req: &Request) -> ApiResult<Response> {
        let header = |name: &str| req.headers().get(name).ok().flatten();
        let role = header("x-lupa-room-role")
            .and_then(|r| RoomRole::parse(&r))
            .ok_or_else(|| ApiError::internal("session room join without a role"))?;
        let name = header("x-lupa-room-name")
            .and_then(|n| base64::engine::general_purpose::STANDARD.decode(n).ok())
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .unwrap_or_else(|| "Participante".into());
        let store = self.store()?;
        store.bind(
            &header("x-lupa-room-session").unwrap_or_default(),
            &header("x-lupa-room-workspace").unwrap_or_default(),
        )?;
        let mut room = peers::live(&self.state);
        if role == RoomRole::Observer
            && room.iter().filter(|(_, p)| p.role() == RoomRole::Observer).count() >= MAX_OBSERVERS
        {
            return Ok(Response::error("too many observers", 429)?);
        }
        if role != RoomRole::Observer {
            let (older, kept): (Vec<_>, Vec<_>) = room.into_iter().partition(|(_, p)| p.role() == role);
            for (socket, info) in &older {
                peers::retire(socket, info, REPLACED, "replaced");
                peers::tell_left(&kept, info);
            }
            room = kept;
        }
        let me = PeerInfo {
            peer_id: crate::platform::db::new_id(),
            role: role.as_str().into(),
            name,
            user_id: header("x-lupa-room-user"),
            login: header("x-lupa-room-login"),
            gone: false,
        };
        let pair = WebSocketPair::new()?;
        let tags = me.tags();
        self.state.accept_websocket_with_tags(&pair.server, &tags.iter().map(String::as_str).collect::<Vec<_>>());
        pair.server.serialize_attachment(&me)?;
        let everyone: Vec<_> = room.iter().map(|(_, p)| p.peer()).collect();
        let meta = store.meta()?;
        let welcome = RoomServerMessage::Welcome {
            peerId: me.peer_id.clone(),
            role: store::role_name(&me.role),
            peers: visible_to(role, &me.peer_id, &everyone)
                .iter()
                .filter_map(|p| room.iter().find(|(_, info)| info.peer_id == p.id).map(|(_, info)| info.dto()))
                .collect(),
            // The backchannel is the team's: never sent to the participant.
            chat: if lupa_core::moderated::room::in_backchannel(role) { store.chat()? } else { Vec::new() },
            task: meta.and_then(|m| m.task),
        };
        peers::send(&pair.server, &welcome);
        let told = told_of(&me.peer(), &everyone);
        peers::send_to(&room, &told, &RoomServerMessage::PeerJoined { peer: me.dto() });
        Ok(Response::from_websocket(pair.client)?)
    }

    /// A socket closed: the others who may know of it are told, and our side is closed too (the
    /// hibernation API leaves that to us).
    fn leave(&self, ws: &WebSocket) {
        if let Some(info) = PeerInfo::of(ws).filter(|info| !info.gone) {
            peers::retire(ws, &info, 1000, "bye");
            self.budgets.borrow_mut().remove(&info.peer_id);
            peers::tell_left(&peers::live(&self.state), &info);
        } else {
            let _: Result<()> = ws.close(Some(1000), Some("bye"));
        }
    }

    async fn call(&self, call: RoomCall) -> ApiResult<Response> {
        match call {
            RoomCall::Close => {
                for (socket, info) in peers::live(&self.state) {
                    peers::retire(&socket, &info, DELETED, "deleted");
                }
                self.store()?.forget()?;
            }
            RoomCall::Recheck { sessionHash, userId } => {
                self.recheck(sessionHash.as_deref(), userId.as_deref()).await?
            }
        }
        Ok(Response::ok("")?)
    }

    /// Checks again the member sockets of one login session or one account, and closes those
    /// whose login ended or whose account is no longer a member of the session's workspace.
    async fn recheck(&self, login: Option<&str>, user: Option<&str>) -> ApiResult<()> {
        let sockets = match (login, user) {
            (Some(hash), _) => self.state.get_websockets_with_tag(&format!("{LOGIN_TAG}{hash}")),
            (None, Some(id)) => self.state.get_websockets_with_tag(&format!("{USER_TAG}{id}")),
            (None, None) => return Ok(()),
        };
        let Some(meta) = self.store()?.meta()? else { return Ok(()) };
        let app = crate::App::background(self.env.clone(), Config::from_env(&self.env)?);
        for socket in sockets {
            let Some(info) = PeerInfo::of(&socket).filter(|info| !info.gone) else { continue };
            let Some(hash) = info.login.clone() else { continue };
            let still = crate::auth::sessions::by_hash(&app, hash)
                .await?
                .is_some_and(|user| user.workspace.as_ref().is_some_and(|m| m.id == meta.workspace_id));
            if !still {
                messages::refuse_revoked(&socket);
                peers::retire(&socket, &info, REVOKED, "revoked");
                peers::tell_left(&peers::live(&self.state), &info);
            }
        }
        Ok(())
    }
}
