//! `#[command]`: the one place a command of the desktop app is written.
//!
//! On a function of the shell's `commands` module it keeps the function as it is and adds, beside
//! it, the command's entry in the shell's command list (`inventory`): its name, its documentation,
//! its arguments and answer as TypeScript types (read from their `ts_rs::TS` twins), and a runner
//! that takes the window's JSON arguments, calls the function and answers. The shell's invoke
//! handler and the generated TypeScript client (`ui/src/ipc/commands.ts`) are both made from that
//! list, so nothing else names the command (`src-tauri/src/commands/declared.rs`).
//!
//! What a parameter is follows from its type:
//! - `State<'_, App>`, `State<'_, Places>`, `State<'_, Dialogs>` and `State<'_, Updates>`: the
//!   application, its places, the OS's dialogs and the updater, as Tauri manages them (the
//!   window never sends them);
//! - `Channel<T>`: a channel the window listens on (a callback in TypeScript);
//! - anything else: a value the window sends under the camelCase of the parameter's name,
//!   deserialized with serde (a missing `Option` is `None`).
//!
//! `#[ts(as = T)]` on a value parameter shows the window the type `T` instead of its own (a role
//! sent as the union `RoleDto` but parsed from a string in Rust, so that a bad one gets our
//! sentence).
//!
//! The answer is `Result<T, E>` (the promise resolves with `T` or rejects with `E`), a plain `T`,
//! or nothing. The expansion names `crate::commands::declared`, so the attribute serves the shell
//! crate only.

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::{FnArg, GenericArgument, ItemFn, Pat, PathArguments, ReturnType, Type, parse_macro_input};

#[proc_macro_attribute]
pub fn command(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        let error = syn::Error::new(Span::call_site(), "#[command] takes no arguments");
        return error.to_compile_error().into();
    }
    let function = parse_macro_input!(item as ItemFn);
    match expand(&function) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

/// One parameter of a command, as the runner gets it.
enum Param {
    /// Tauri's managed state: `app()` or `places()` of the caller.
    State(syn::Ident),
    Channel {
        key: String,
        message: Box<Type>,
    },
    Value {
        key: String,
        ty: Box<Type>,
        shown_as: Box<Type>,
        optional: bool,
    },
}

fn expand(function: &ItemFn) -> syn::Result<proc_macro2::TokenStream> {
    let mut function = function.clone();
    let mut shown = Vec::new();
    for input in &mut function.sig.inputs {
        if let FnArg::Typed(typed) = input {
            shown.push(shown_as(&mut typed.attrs)?);
        }
    }
    let function = &function;
    let sig = &function.sig;
    if !sig.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(&sig.generics, "a command takes no generic parameters"));
    }
    let name = &sig.ident;
    let command = name.to_string();
    let function_name = camel(&command);
    let mut params = Vec::new();
    for (input, shown_as) in sig.inputs.iter().zip(shown) {
        let FnArg::Typed(typed) = input else {
            return Err(syn::Error::new_spanned(input, "a command is a free function"));
        };
        let Pat::Ident(ident) = &*typed.pat else {
            return Err(syn::Error::new_spanned(&typed.pat, "a command's parameter needs a plain name"));
        };
        let key = camel(ident.ident.to_string().trim_start_matches('_'));
        params.push(param(&typed.ty, key, shown_as)?);
    }

    let locals: Vec<_> = (0..params.len()).map(|i| format_ident!("arg{i}")).collect();
    let takes = params.iter().zip(&locals).map(|(param, local)| match param {
        Param::State(getter) => quote! { let #local = caller.#getter(#command)?; },
        Param::Channel { key, message } => {
            quote! { let #local: ::tauri::ipc::Channel<#message> = args.channel(&*caller, #key)?; }
        }
        Param::Value { key, ty, .. } => quote! { let #local: #ty = args.value(#key)?; },
    });
    let call = if sig.asyncness.is_some() {
        quote! { #name(#(#locals),*).await }
    } else {
        quote! { #name(#(#locals),*) }
    };
    let (answer, respond) = match &sig.output {
        ReturnType::Default => (quote! { declared::Ts::nothing }, quote! { declared::answer_plain(#call) }),
        ReturnType::Type(_, ty) => match result_ok(ty) {
            Some(ok) => (ts_of(ok), quote! { declared::answer(#call) }),
            None => (ts_of(ty), quote! { declared::answer_plain(#call) }),
        },
    };
    let arguments = params.iter().filter_map(|param| match param {
        Param::State(_) => None,
        Param::Channel { key, message } => Some(quote! {
            declared::Argument { key: #key, ts: declared::Ts::of::<#message>, channel: true, optional: false }
        }),
        Param::Value { key, shown_as, optional, .. } => Some(quote! {
            declared::Argument { key: #key, ts: declared::Ts::of::<#shown_as>, channel: false, optional: #optional }
        }),
    });
    let doc = doc_of(&function.attrs);

    Ok(quote! {
        #function

        const _: () = {
            use crate::commands::declared;

            fn run(caller: ::std::boxed::Box<dyn declared::Caller>, args: declared::Args) -> declared::Running {
                ::std::boxed::Box::pin(async move {
                    #(#takes)*
                    #respond
                })
            }

            ::inventory::submit! {
                declared::Command {
                    name: #command,
                    function: #function_name,
                    module: ::core::module_path!(),
                    doc: #doc,
                    arguments: &[#(#arguments),*],
                    answer: #answer,
                    run,
                }
            }
        };
    })
}

fn param(ty: &Type, key: String, shown_as: Option<Type>) -> syn::Result<Param> {
    if shown_as.is_some() && (generic_of(ty, "State").is_some() || generic_of(ty, "Channel").is_some()) {
        return Err(syn::Error::new_spanned(ty, "#[ts(as = …)] is for a value the window sends"));
    }
    if let Some(inner) = generic_of(ty, "State") {
        let state = last_ident(inner).map(|i| i.to_string());
        return match state.as_deref() {
            Some("App") => Ok(Param::State(format_ident!("app"))),
            Some("Places") => Ok(Param::State(format_ident!("places"))),
            Some("Dialogs") => Ok(Param::State(format_ident!("dialogs"))),
            Some("Updates") => Ok(Param::State(format_ident!("updates"))),
            _ => Err(syn::Error::new_spanned(
                ty,
                "a command's state is `State<'_, App>`, `State<'_, Places>`, `State<'_, Dialogs>` or `State<'_, Updates>`",
            )),
        };
    }
    if let Some(message) = generic_of(ty, "Channel") {
        return Ok(Param::Channel { key, message: Box::new(message.clone()) });
    }
    let optional = generic_of(ty, "Option").is_some();
    let shown_as = Box::new(shown_as.unwrap_or_else(|| ty.clone()));
    Ok(Param::Value { key, ty: Box::new(ty.clone()), shown_as, optional })
}

/// Takes `#[ts(as = T)]` off a parameter: the type the window is shown.
fn shown_as(attrs: &mut Vec<syn::Attribute>) -> syn::Result<Option<Type>> {
    let mut found = None;
    let mut error = None;
    attrs.retain(|attr| {
        if !attr.path().is_ident("ts") {
            return true;
        }
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("as") {
                found = Some(meta.value()?.parse::<Type>()?);
                Ok(())
            } else {
                Err(meta.error("a command's parameter takes #[ts(as = Type)]"))
            }
        });
        if let Err(e) = parsed {
            error = Some(e);
        }
        false
    });
    match error {
        Some(e) => Err(e),
        None => Ok(found),
    }
}

/// `T` of `Result<T, E>`.
fn result_ok(ty: &Type) -> Option<&Type> {
    generic_of(ty, "Result")
}

/// The TypeScript of a Rust type, `()` being nothing.
fn ts_of(ty: &Type) -> proc_macro2::TokenStream {
    match ty {
        Type::Tuple(tuple) if tuple.elems.is_empty() => quote! { declared::Ts::nothing },
        _ => quote! { declared::Ts::of::<#ty> },
    }
}

fn last_ident(ty: &Type) -> Option<&syn::Ident> {
    match ty {
        Type::Path(path) => path.path.segments.last().map(|s| &s.ident),
        _ => None,
    }
}

/// The first type argument of `Outer<…>` (lifetimes skipped), when `ty`'s last segment is `outer`.
fn generic_of<'a>(ty: &'a Type, outer: &str) -> Option<&'a Type> {
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != outer {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    args.args.iter().find_map(|a| match a {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// The function's doc comment, each line without the one space after `///`.
fn doc_of(attrs: &[syn::Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|line| line.strip_prefix(' ').unwrap_or(&line).to_owned())
        .collect();
    lines.join("\n")
}

/// `on_progress` → `onProgress`: the key Tauri's `invoke` sends an argument under.
fn camel(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut up = false;
    for c in snake.chars() {
        if c == '_' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}
