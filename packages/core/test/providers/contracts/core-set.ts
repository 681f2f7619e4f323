// Contracts of the presets Latch shipped first (apple … zoom). Response bodies follow each provider's API reference.
import type { PresetContract } from "../contract.js";

const png = (host: string, path = "avatar.png") => `https://${host}/${path}`;

export const coreSet: Record<string, PresetContract> = {
  apple: {
    type: "oidc",
    // Apple issues an ID token for `name email`; the OpenID Provider standing in for it only with `openid`.
    options: { authorization: { params: { scope: "openid name email" } } },
    params: { response_mode: "form_post" },
    clientAuth: "client_secret_post",
    account: { sub: "001234.abcdef.0042", email: "ann@privaterelay.appleid.com", email_verified: true },
    user: { id: "001234.abcdef.0042", name: null, email: "ann@privaterelay.appleid.com", image: null },
  },
  atlassian: {
    type: "oauth",
    authorization: "https://auth.atlassian.com/authorize",
    token: "https://auth.atlassian.com/oauth/token",
    params: { scope: "read:me", audience: "api.atlassian.com", prompt: "consent" },
    api: {
      "https://api.atlassian.com/me": {
        body: { account_type: "atlassian", account_id: "5b10ac8d82e05b22cc7d4ef5", email: "ann@example.com", name: "Ann Atlas", picture: png("avatar-management.atlassian.net"), account_status: "active", nickname: "ann", zoneinfo: "Europe/Paris", locale: "en-US", extended_profile: { job_title: "Engineer" } },
      },
    },
    user: { id: "5b10ac8d82e05b22cc7d4ef5", name: "Ann Atlas", email: "ann@example.com", image: png("avatar-management.atlassian.net") },
  },
  auth0: {
    type: "oidc",
    issuer: "https://acme.eu.auth0.com",
    account: { sub: "auth0|65f0c0ffee", nickname: "ann", name: "Ann Zero", email: "ann@example.com", email_verified: true, picture: png("s.gravatar.com") },
    user: { id: "auth0|65f0c0ffee", name: "Ann Zero", email: "ann@example.com", image: png("s.gravatar.com") },
  },
  authentik: {
    type: "oidc",
    issuer: "https://sso.example.com/application/o/latch",
    account: { sub: "5f1c0a9b2e", preferred_username: "ann", name: "Ann Thentik", email: "ann@example.com", email_verified: true, groups: ["staff"] },
    user: { id: "5f1c0a9b2e", name: "Ann Thentik", email: "ann@example.com", image: null },
  },
  bitbucket: {
    type: "oauth",
    authorization: "https://bitbucket.org/site/oauth2/authorize",
    token: "https://bitbucket.org/site/oauth2/access_token",
    params: { scope: "account email" },
    tokenResponse: { token_type: "bearer", expires_in: 7200, scopes: "account email", refresh_token: "rt-1", state: "authorization_code" },
    api: {
      "https://api.bitbucket.org/2.0/user": {
        body: { type: "user", uuid: "{d301aafa-d676-4ee0-88be-962be7417567}", account_id: "557058:c0b72ad0", nickname: "ann", display_name: "Ann Bucket", links: { avatar: { href: png("secure.gravatar.com") } }, created_on: "2020-01-01T00:00:00Z", account_status: "active" },
      },
      "https://api.bitbucket.org/2.0/user/emails": {
        body: { pagelen: 10, page: 1, size: 2, values: [{ type: "email", email: "old@example.com", is_primary: false, is_confirmed: true }, { type: "email", email: "ann@example.com", is_primary: true, is_confirmed: true }] },
      },
    },
    user: { id: "557058:c0b72ad0", name: "Ann Bucket", email: "ann@example.com", image: png("secure.gravatar.com") },
  },
  box: {
    type: "oauth",
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    tokenResponse: { token_type: "bearer", expires_in: 3600, refresh_token: "rt-1", restricted_to: [] },
    api: {
      "https://api.box.com/2.0/users/me": {
        body: { type: "user", id: "11446498", name: "Ann Box", login: "ann@example.com", avatar_url: png("app.box.com"), created_at: "2012-12-12T10:53:43-08:00", language: "en", status: "active" },
      },
    },
    user: { id: "11446498", name: "Ann Box", email: "ann@example.com", image: png("app.box.com") },
  },
  coinbase: {
    type: "oauth",
    authorization: "https://login.coinbase.com/oauth2/auth",
    token: "https://login.coinbase.com/oauth2/token",
    params: { scope: "wallet:user:email wallet:user:read" },
    api: {
      "https://api.coinbase.com/v2/user": {
        body: { data: { id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8", name: "Ann Coin", username: "ann", avatar_url: png("images.coinbase.com"), email: "ann@example.com", resource: "user", resource_path: "/v2/user" } },
      },
    },
    user: { id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8", name: "Ann Coin", email: "ann@example.com", image: png("images.coinbase.com") },
  },
  cognito: {
    type: "oidc",
    issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123",
    account: { sub: "a1b2c3d4-0000-4000-8000-000000000001", "cognito:username": "ann", email: "ann@example.com", email_verified: true },
    user: { id: "a1b2c3d4-0000-4000-8000-000000000001", name: "ann", email: "ann@example.com", image: null },
  },
  discord: {
    type: "oauth",
    authorization: "https://discord.com/oauth2/authorize",
    token: "https://discord.com/api/oauth2/token",
    params: { scope: "identify email" },
    tokenResponse: { token_type: "Bearer", expires_in: 604800, refresh_token: "rt-1", scope: "identify email" },
    api: {
      "https://discord.com/api/users/@me": {
        body: { id: "80351110224678912", username: "ann", discriminator: "0", global_name: "Ann Cord", avatar: "8342729096ea3675442027381ff50dfe", verified: true, email: "ann@example.com", flags: 64, mfa_enabled: true },
      },
    },
    user: { id: "80351110224678912", name: "Ann Cord", email: "ann@example.com", image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" },
  },
  dropbox: {
    type: "oauth",
    authorization: "https://www.dropbox.com/oauth2/authorize",
    token: "https://api.dropboxapi.com/oauth2/token",
    params: { scope: "account_info.read", token_access_type: "offline" },
    tokenResponse: { token_type: "bearer", expires_in: 14400, refresh_token: "rt-1", account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", uid: "12345", scope: "account_info.read" },
    api: {
      "https://api.dropboxapi.com/2/users/get_current_account": {
        method: "POST",
        body: { account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: { given_name: "Ann", surname: "Box", familiar_name: "Ann", display_name: "Ann Drop", abbreviated_name: "AD" }, email: "ann@example.com", email_verified: true, disabled: false, profile_photo_url: png("dl-web.dropbox.com"), country: "FR", locale: "en" },
      },
    },
    user: { id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: "Ann Drop", email: "ann@example.com", image: png("dl-web.dropbox.com") },
  },
  facebook: {
    type: "oauth",
    authorization: "https://www.facebook.com/v22.0/dialog/oauth",
    token: "https://graph.facebook.com/v22.0/oauth/access_token",
    clientAuth: "client_secret_post",
    params: { scope: "email public_profile" },
    tokenResponse: { token_type: "bearer", expires_in: 5183944 },
    api: {
      "https://graph.facebook.com/v22.0/me": {
        query: { fields: "id,name,email,picture.type(large)" },
        body: { id: "10158000000000001", name: "Ann Book", email: "ann@example.com", picture: { data: { height: 200, width: 200, is_silhouette: false, url: png("platform-lookaside.fbsbx.com") } } },
      },
    },
    user: { id: "10158000000000001", name: "Ann Book", email: "ann@example.com", image: png("platform-lookaside.fbsbx.com") },
  },
  github: {
    type: "oauth",
    authorization: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    params: { scope: "read:user user:email" },
    tokenResponse: { token_type: "bearer", scope: "read:user,user:email" },
    api: {
      "https://api.github.com/user": {
        headers: { accept: "application/vnd.github+json" },
        body: { login: "octocat", id: 583231, node_id: "MDQ6VXNlcjU4MzIzMQ==", avatar_url: png("avatars.githubusercontent.com", "u/583231"), type: "User", site_admin: false, name: "The Octocat", email: null, public_repos: 8 },
      },
      "https://api.github.com/user/emails": {
        body: [{ email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null }, { email: "octocat@github.com", primary: true, verified: true, visibility: "private" }],
      },
    },
    user: { id: "583231", name: "The Octocat", email: "octocat@github.com", image: png("avatars.githubusercontent.com", "u/583231") },
  },
  gitlab: {
    type: "oauth",
    // A self-managed instance, from AUTH_GITLAB_ISSUER: every endpoint moves with it.
    issuer: "https://gitlab.example.com",
    authorization: "https://gitlab.example.com/oauth/authorize",
    token: "https://gitlab.example.com/oauth/token",
    params: { scope: "read_user" },
    tokenResponse: { token_type: "Bearer", expires_in: 7200, refresh_token: "rt-1", scope: "read_user", created_at: 1607635748 },
    api: {
      "https://gitlab.example.com/api/v4/user": {
        body: { id: 1, username: "ann", name: "Ann Lab", state: "active", avatar_url: png("gitlab.example.com"), web_url: "https://gitlab.example.com/ann", email: "ann@example.com", public_email: "", locked: false },
      },
    },
    user: { id: "1", name: "Ann Lab", email: "ann@example.com", image: png("gitlab.example.com") },
  },
  google: {
    type: "oidc",
    params: { scope: "openid profile email" },
    account: { sub: "110169484474386276334", email: "ann@gmail.com", email_verified: true, name: "Ann Google", picture: png("lh3.googleusercontent.com"), hd: "example.com" },
    user: { id: "110169484474386276334", name: "Ann Google", email: "ann@gmail.com", image: png("lh3.googleusercontent.com") },
  },
  huggingface: {
    type: "oidc",
    account: { sub: "64a1f0e2b1c2d3e4f5a6b7c8", name: "Ann Face", preferred_username: "ann", email: "ann@example.com", email_verified: true, picture: png("cdn-avatars.huggingface.co") },
    user: { id: "64a1f0e2b1c2d3e4f5a6b7c8", name: "Ann Face", email: "ann@example.com", image: png("cdn-avatars.huggingface.co") },
  },
  kakao: {
    type: "oauth",
    authorization: "https://kauth.kakao.com/oauth/authorize",
    token: "https://kauth.kakao.com/oauth/token",
    clientAuth: "client_secret_post",
    tokenResponse: { token_type: "bearer", expires_in: 43199, refresh_token: "rt-1", refresh_token_expires_in: 5184000, scope: "account_email profile" },
    api: {
      "https://kapi.kakao.com/v2/user/me": {
        body: { id: 123456789, connected_at: "2022-04-11T01:45:28Z", kakao_account: { profile_nickname_needs_agreement: false, profile: { nickname: "앤", profile_image_url: png("k.kakaocdn.net"), is_default_image: false }, email_needs_agreement: false, is_email_valid: true, is_email_verified: true, email: "ann@kakao.com" } },
      },
    },
    user: { id: "123456789", name: "앤", email: "ann@kakao.com", image: png("k.kakaocdn.net") },
  },
  keycloak: {
    type: "oidc",
    issuer: "https://sso.example.com/realms/acme",
    account: { sub: "f4c2a1b0-1111-4222-8333-944455556666", preferred_username: "ann", name: "Ann Cloak", email: "ann@example.com", email_verified: true },
    user: { id: "f4c2a1b0-1111-4222-8333-944455556666", name: "Ann Cloak", email: "ann@example.com", image: null },
  },
  line: {
    type: "oidc",
    params: { scope: "openid profile" },
    clientAuth: "client_secret_post",
    client: { id_token_signed_response_alg: "HS256" },
    account: { sub: "U4af4980629a1b2c3d4e5f6a7b8c9d0e1", name: "アン", picture: png("profile.line-scdn.net"), email: "ann@example.com" },
    // Without the `email` scope (which LINE grants only to approved channels) no address comes.
    user: { id: "U4af4980629a1b2c3d4e5f6a7b8c9d0e1", name: "アン", email: null, image: png("profile.line-scdn.net") },
  },
  linkedin: {
    type: "oidc",
    clientAuth: "client_secret_post",
    checks: ["state"],
    account: { sub: "782bbtaQ", name: "Ann Linked", given_name: "Ann", family_name: "Linked", picture: png("media.licdn.com"), locale: "en-US", email: "ann@example.com", email_verified: true },
    user: { id: "782bbtaQ", name: "Ann Linked", email: "ann@example.com", image: png("media.licdn.com") },
  },
  "microsoft-entra-id": {
    type: "oidc",
    options: { tenantId: "0f9a2c4e-1b7d-4c3e-9a58-2d6f1e0b7c11" },
    account: { sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", name: "Ann Entra", email: "ann@contoso.com", preferred_username: "ann@contoso.com", tid: "0f9a2c4e-1b7d-4c3e-9a58-2d6f1e0b7c11", oid: "00000000-0000-0000-66f3-3332eca7ea81" },
    user: { id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", name: "Ann Entra", email: "ann@contoso.com", image: null },
  },
  naver: {
    type: "oauth",
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    clientAuth: "client_secret_post",
    tokenResponse: { token_type: "bearer", expires_in: "3600", refresh_token: "rt-1" },
    api: {
      "https://openapi.naver.com/v1/nid/me": {
        body: { resultcode: "00", message: "success", response: { id: "32742776", nickname: "앤", name: "Ann", email: "ann@naver.com", profile_image: png("ssl.pstatic.net"), gender: "F", age: "30-39" } },
      },
    },
    user: { id: "32742776", name: "앤", email: "ann@naver.com", image: png("ssl.pstatic.net") },
  },
  notion: {
    type: "oauth",
    authorization: "https://api.notion.com/v1/oauth/authorize",
    token: "https://api.notion.com/v1/oauth/token",
    params: { owner: "user" },
    tokenResponse: {
      token_type: "bearer",
      refresh_token: null,
      bot_id: "b3414d659-1224-5ty7-6ffr-cc9d8773drt6",
      workspace_id: "j565j4d7x3-2882-61bs-564a-jj9d9ui-c36hxfr7x",
      workspace_name: "Ann's workspace",
      workspace_icon: null,
      duplicated_template_id: null,
      owner: { type: "user", user: { object: "user", id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6", name: "Ann Notion", avatar_url: png("s3-us-west-2.amazonaws.com"), type: "person", person: { email: "ann@example.com" } } },
    },
    api: {},
    user: { id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6", name: "Ann Notion", email: "ann@example.com", image: png("s3-us-west-2.amazonaws.com") },
  },
  okta: {
    type: "oidc",
    issuer: "https://acme.okta.com/oauth2/default",
    account: { sub: "00uid4BxXw6I6TV4m0g3", name: "Ann Okta", preferred_username: "ann@example.com", email: "ann@example.com", email_verified: true, zoneinfo: "America/Los_Angeles" },
    user: { id: "00uid4BxXw6I6TV4m0g3", name: "Ann Okta", email: "ann@example.com", image: null },
  },
  patreon: {
    type: "oauth",
    authorization: "https://www.patreon.com/oauth2/authorize",
    token: "https://www.patreon.com/api/oauth2/token",
    params: { scope: "identity identity[email]" },
    tokenResponse: { token_type: "Bearer", expires_in: 2678400, refresh_token: "rt-1", scope: "identity identity[email]" },
    api: {
      "https://www.patreon.com/api/oauth2/v2/identity": {
        query: { "fields[user]": "full_name,email,is_email_verified,image_url,vanity,url" },
        body: { data: { type: "user", id: "2822191", attributes: { full_name: "Ann Patron", email: "ann@example.com", is_email_verified: true, image_url: png("c8.patreon.com"), vanity: "ann", url: "https://www.patreon.com/ann" } }, links: { self: "https://www.patreon.com/api/oauth2/v2/user/2822191" } },
      },
    },
    user: { id: "2822191", name: "Ann Patron", email: "ann@example.com", image: png("c8.patreon.com") },
  },
  reddit: {
    type: "oauth",
    authorization: "https://www.reddit.com/api/v1/authorize",
    token: "https://www.reddit.com/api/v1/access_token",
    params: { scope: "identity" },
    checks: ["state"],
    tokenResponse: { token_type: "bearer", expires_in: 86400, scope: "identity" },
    api: {
      "https://oauth.reddit.com/api/v1/me": {
        headers: { "user-agent": "web:latch-auth:v1 (sign-in)" },
        body: { id: "t5x2y", name: "ann_reddit", icon_img: "https://styles.redditmedia.com/a.png?width=256&amp;s=abc", snoovatar_img: "", verified: true, created_utc: 1500000000 },
      },
    },
    user: { id: "t5x2y", name: "ann_reddit", email: null, image: "https://styles.redditmedia.com/a.png?width=256&s=abc" },
  },
  salesforce: {
    type: "oidc",
    account: { sub: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P", user_id: "005x00000012Q9P", organization_id: "00Dx0000000BV7z", name: "Ann Force", email: "ann@example.com", email_verified: true, picture: png("c.salesforce.com") },
    user: { id: "005x00000012Q9P", name: "Ann Force", email: "ann@example.com", image: png("c.salesforce.com") },
  },
  slack: {
    type: "oidc",
    account: { sub: "U0R7JM", "https://slack.com/user_id": "U0R7JM", "https://slack.com/team_id": "T0R7GR", name: "Ann Slack", email: "ann@example.com", email_verified: true, picture: png("secure.gravatar.com") },
    user: { id: "U0R7JM", name: "Ann Slack", email: "ann@example.com", image: png("secure.gravatar.com") },
  },
  spotify: {
    type: "oauth",
    authorization: "https://accounts.spotify.com/authorize",
    token: "https://accounts.spotify.com/api/token",
    params: { scope: "user-read-email" },
    tokenResponse: { token_type: "Bearer", expires_in: 3600, refresh_token: "rt-1", scope: "user-read-email" },
    api: {
      "https://api.spotify.com/v1/me": {
        body: { id: "wizzler", display_name: "Ann Spot", email: "ann@example.com", images: [{ url: png("i.scdn.co"), height: 300, width: 300 }], country: "SE", product: "premium", type: "user", uri: "spotify:user:wizzler" },
      },
    },
    user: { id: "wizzler", name: "Ann Spot", email: "ann@example.com", image: png("i.scdn.co") },
  },
  strava: {
    type: "oauth",
    authorization: "https://www.strava.com/oauth/authorize",
    token: "https://www.strava.com/oauth/token",
    clientAuth: "client_secret_post",
    params: { scope: "read", approval_prompt: "auto" },
    tokenResponse: { token_type: "Bearer", expires_at: 1568775134, expires_in: 21600, refresh_token: "rt-1", athlete: { id: 134815 } },
    api: {
      "https://www.strava.com/api/v3/athlete": {
        body: { id: 134815, username: "ann", firstname: "Ann", lastname: "Strava", city: "Paris", profile_medium: png("dgalywyr863hv.cloudfront.net", "medium.jpg"), profile: png("dgalywyr863hv.cloudfront.net", "large.jpg") },
      },
    },
    user: { id: "134815", name: "Ann Strava", email: null, image: png("dgalywyr863hv.cloudfront.net", "medium.jpg") },
  },
  twitch: {
    type: "oidc",
    clientAuth: "client_secret_post",
    params: { scope: "openid user:read:email" },
    account: { sub: "713936733", preferred_username: "ann_twitch", email: "ann@example.com", email_verified: true, picture: png("static-cdn.jtvnw.net") },
    user: { id: "713936733", name: "ann_twitch", email: "ann@example.com", image: png("static-cdn.jtvnw.net") },
  },
  twitter: {
    type: "oauth",
    authorization: "https://x.com/i/oauth2/authorize",
    token: "https://api.x.com/2/oauth2/token",
    params: { scope: "users.read tweet.read offline.access" },
    tokenResponse: { token_type: "bearer", expires_in: 7200, refresh_token: "rt-1", scope: "users.read tweet.read offline.access" },
    api: {
      "https://api.x.com/2/users/me": {
        query: { "user.fields": "profile_image_url" },
        body: { data: { id: "2244994945", name: "Ann X", username: "ann_x", profile_image_url: png("pbs.twimg.com") } },
      },
    },
    user: { id: "2244994945", name: "Ann X", email: null, image: png("pbs.twimg.com") },
  },
  workos: {
    type: "oauth",
    authorization: "https://api.workos.com/sso/authorize",
    token: "https://api.workos.com/sso/token",
    clientAuth: "client_secret_post",
    options: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
    params: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
    tokenResponse: { token_type: "bearer", expires_in: 600, profile: { id: "prof_01DMC79VCBZ0NY2099737PSVF1" } },
    api: {
      "https://api.workos.com/sso/profile": {
        body: { object: "profile", id: "prof_01DMC79VCBZ0NY2099737PSVF1", connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5", connection_type: "OktaSAML", organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY", email: "ann@example.com", first_name: "Ann", last_name: "Works", idp_id: "00u1a0ufowBJlzPlk357", raw_attributes: { picture: png("example.okta.com") } },
      },
    },
    user: { id: "prof_01DMC79VCBZ0NY2099737PSVF1", name: "Ann Works", email: "ann@example.com", image: png("example.okta.com") },
  },
  yandex: {
    type: "oauth",
    authorization: "https://oauth.yandex.ru/authorize",
    token: "https://oauth.yandex.ru/token",
    params: { scope: "login:info login:email login:avatar" },
    tokenResponse: { token_type: "bearer", expires_in: 31536000, refresh_token: "rt-1" },
    api: {
      "https://login.yandex.ru/info": {
        query: { format: "json" },
        body: { id: "1000034426", login: "ann", client_id: "client-yandex", display_name: "Ann Yandex", real_name: "Ann Ya", first_name: "Ann", default_email: "ann@yandex.ru", emails: ["ann@yandex.ru"], default_avatar_id: "131652443", is_avatar_empty: false, psuid: "1.AAcec.x" },
      },
    },
    user: { id: "1000034426", name: "Ann Yandex", email: "ann@yandex.ru", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" },
  },
  zitadel: {
    type: "oidc",
    issuer: "https://acme-abc123.zitadel.cloud",
    account: { sub: "77776025198584418", name: "Ann Zitadel", preferred_username: "ann@acme.zitadel.cloud", email: "ann@example.com", email_verified: true, locale: "en" },
    user: { id: "77776025198584418", name: "Ann Zitadel", email: "ann@example.com", image: null },
  },
  zoom: {
    type: "oauth",
    authorization: "https://zoom.us/oauth/authorize",
    token: "https://zoom.us/oauth/token",
    tokenResponse: { token_type: "bearer", expires_in: 3599, refresh_token: "rt-1", scope: "user:read" },
    api: {
      "https://api.zoom.us/v2/users/me": {
        body: { id: "KDcuGIm1QgePTO8WbOqwIQ", first_name: "Ann", last_name: "Zoom", display_name: "Ann Zoom", email: "ann@example.com", type: 1, pic_url: png("lh4.googleusercontent.com"), account_id: "q6gBJVO5TzexKYTb_I2rpg", status: "active" },
      },
    },
    user: { id: "KDcuGIm1QgePTO8WbOqwIQ", name: "Ann Zoom", email: "ann@example.com", image: png("lh4.googleusercontent.com") },
  },
  vk: {
    type: "oauth",
    authorization: "https://oauth.vk.com/authorize",
    token: "https://oauth.vk.com/access_token",
    clientAuth: "client_secret_post",
    checks: ["state"],
    params: { scope: "email", v: "5.126" },
    // VK's token response has no token_type, and carries the user id and address.
    tokenResponse: { expires_in: 86400, user_id: 66748, email: "ann@vk.com" },
    api: {
      "https://api.vk.com/method/users.get": {
        query: { fields: "photo_100", v: "5.126" },
        body: { response: [{ id: 66748, first_name: "Ann", last_name: "Vk", is_closed: false, can_access_closed: true, photo_100: png("sun1-1.userapi.com") }] },
      },
    },
    user: { id: "66748", name: "Ann Vk", email: "ann@vk.com", image: png("sun1-1.userapi.com") },
  },
};
