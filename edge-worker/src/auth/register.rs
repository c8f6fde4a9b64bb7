//! `POST /api/v1/auth/register/local/customer`: creates a customer, whatever role is sent. Two D1
//! round trips: the attempt counted with the e-mail looked up, then the insert with its read-back.

use lupa_api_types::{RegisterRequest, UserResponse};
use lupa_core::auth::{email, password, rate_limit, Role};
use worker::{Request, Response};

use crate::auth::{hash_password, rate, users};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, json, read_json};
use crate::platform::db::{db, new_id, Batch};
use crate::App;

const INVALID_EMAIL_DETAIL: &str = "Introduce un correo válido";

pub async fn post(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: RegisterRequest = read_json(req).await?;
    let address = body.username.unwrap_or_default();
    let pass = body.password.unwrap_or_default();
    let mut problems = Vec::new();
    if !email::is_valid(&address) {
        problems.push(INVALID_EMAIL_DETAIL.to_string());
    }
    if let Err(policy) = password::check_policy(&pass) {
        problems.push(policy.message().to_string());
    }
    if !problems.is_empty() {
        return Err(ApiError::from(Fixed::InvalidRegistration).with_errors(problems));
    }
    let database = db(app)?;
    let normalized = email::normalize(&address);
    let mut reads = Batch::new(&database);
    let attempt = rate::add_hit(&mut reads, rate_limit::REGISTER_PER_CLIENT, &client_address(req), app.now())?;
    let existing = users::add_by_email(&mut reads, &normalized)?;
    let results = reads.run().await?;
    rate::check(&results, attempt)?;
    if results.first::<users::UserRow>(existing)?.is_some() {
        return Err(ApiError::from(Fixed::EmailTaken));
    }
    let id = new_id();
    let now = app.now();
    let hash = hash_password(&pass)?;
    // Registration always creates a customer (product §3): the `role` field is ignored.
    let new_user = users::NewUser {
        id: &id,
        email: &address,
        email_normalized: &normalized,
        role: Role::Customer.as_str(),
        password_hash: &hash,
        now,
    };
    let mut writes = Batch::new(&database);
    let inserted = users::add_insert(&mut writes, &new_user)?;
    let stored = users::add_by_id(&mut writes, &id)?;
    let results = writes.run().await?;
    if results.changes(inserted)? == 0 {
        return Err(ApiError::from(Fixed::EmailTaken));
    }
    let user =
        results.first::<users::UserRow>(stored)?.ok_or_else(|| ApiError::internal("user vanished after insert"))?;
    json(201, &UserResponse { user: user.dto(), workspace: None })
}
