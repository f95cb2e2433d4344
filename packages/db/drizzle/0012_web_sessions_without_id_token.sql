-- ID tokens are no longer kept: logout ends the provider session server to server (decision 008), and the token says who the citizen is.
ALTER TABLE "web_sessions" DROP COLUMN "id_token";